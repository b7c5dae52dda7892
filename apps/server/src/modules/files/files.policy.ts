import type { Viewer } from '../access/viewer';
import type { FileRow } from './files.table';

/**
 * What a feature answers about one of its private files: refused, granted, or granted under
 * another name (blind review keeps an applicant's own file names from the reviewers).
 */
export type FileReadAnswer = boolean | { name: string };

/**
 * Whether a viewer may read a private file of one owner type, decided by the feature that owns it (an
 * application's attachments: its applicant and the opportunity's reviewers). May load records: the
 * answer often depends on them.
 */
export type FileReadPolicy = (viewer: Viewer, file: FileRow) => Promise<FileReadAnswer>;

/** Owner type -> its policy; built in services.ts, handed to the files service (no registration by import). */
export type FileReadPolicies = Readonly<Record<string, FileReadPolicy>>;

export const filePolicy = {
  /**
   * The file as this viewer may read it, or undefined. Public files: everyone. Private files: their
   * uploader, a platform admin, and whoever the owning feature's policy allows, under the name it
   * gives. An owner type without a policy grants nobody else: anything not granted is denied.
   */
  async readable(
    viewer: Viewer,
    file: FileRow,
    policies: FileReadPolicies,
  ): Promise<FileRow | undefined> {
    if (file.deletedAt) return undefined;
    if (file.visibility === 'public') return file;
    if (viewer.isAdmin) return file;
    if (viewer.user && file.uploadedById && viewer.user.id === file.uploadedById) return file;
    const ownerPolicy = Object.hasOwn(policies, file.ownerType)
      ? policies[file.ownerType]
      : undefined;
    const answer = ownerPolicy ? await ownerPolicy(viewer, file) : false;
    if (answer === false) return undefined;
    return answer === true ? file : { ...file, originalName: answer.name };
  },

  async read(viewer: Viewer, file: FileRow, policies: FileReadPolicies): Promise<boolean> {
    return (await filePolicy.readable(viewer, file, policies)) !== undefined;
  },
};

/** Files uploaded through `uploadFile` and not attached yet: only their uploader (and admins) read them. */
export const userUploadReadPolicy: FileReadPolicy = async () => false;
