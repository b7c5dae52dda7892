import type { Viewer } from '../../graphql/viewer';
import type { FileRow } from './files.table';

/**
 * Whether a viewer may read a private file of one owner type, decided by the feature that owns it (an
 * application's attachments: its applicant and the opportunity's reviewers). May load records: the
 * answer often depends on them.
 */
export type FileReadPolicy = (viewer: Viewer, file: FileRow) => Promise<boolean>;

/** Owner type -> its policy; built in services.ts, handed to the files service (no registration by import). */
export type FileReadPolicies = Readonly<Record<string, FileReadPolicy>>;

export const filePolicy = {
  /**
   * Public files: everyone. Private files: their uploader, a platform admin, and whoever the owning
   * feature's policy allows. An owner type without a policy grants nobody else: anything not granted
   * is denied.
   */
  async read(viewer: Viewer, file: FileRow, policies: FileReadPolicies): Promise<boolean> {
    if (file.deletedAt) return false;
    if (file.visibility === 'public') return true;
    if (viewer.isAdmin) return true;
    if (viewer.user && file.uploadedById && viewer.user.id === file.uploadedById) return true;
    const ownerPolicy = Object.hasOwn(policies, file.ownerType)
      ? policies[file.ownerType]
      : undefined;
    return ownerPolicy ? ownerPolicy(viewer, file) : false;
  },
};

/** Files uploaded through `uploadFile` and not attached yet: only their uploader (and admins) read them. */
export const userUploadReadPolicy: FileReadPolicy = async () => false;
