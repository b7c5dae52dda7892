import { access } from '../../graphql/access-outcome';
import { builder } from '../../graphql/builder';
import { AppError } from '../../lib/errors';
import { FILE_PURPOSES, UPLOAD_RULES, USER_UPLOAD } from './files.rules';
import type { FileRow } from './files.table';

export const fileUrl = (file: Pick<FileRow, 'id'>) => `/files/${file.id}`;
export const thumbUrl = (file: Pick<FileRow, 'id' | 'thumbStorageKey'>) =>
  file.thumbStorageKey ? `/files/${file.id}/thumb` : null;

export const FileRef = builder.objectRef<FileRow>('File');

export function registerFilesGraphQL(): void {
  FileRef.implement({
    description: 'A stored upload. `url` and `path` stream it to a viewer allowed to read it.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('originalName'),
      mime_type: t.exposeString('mimeType'),
      size: t.exposeInt('size'),
      url: t.string({ resolve: fileUrl }),
      path: t.string({
        description: 'The same as `url` (the seed calls it path).',
        resolve: fileUrl,
      }),
      thumb: t.string({
        nullable: true,
        description: 'A 400px WebP of a picture.',
        resolve: thumbUrl,
      }),
      placeholder: t.exposeString('placeholder', {
        nullable: true,
        description: 'A tiny blurred WebP data URL to show while a picture loads.',
      }),
      width: t.exposeInt('width', { nullable: true }),
      height: t.exposeInt('height', { nullable: true }),
      created_at: t.field({ type: 'DateTime', resolve: (file) => file.createdAt }),
    }),
  });

  const FilePurpose = builder.enumType('FilePurpose', {
    description: 'What an upload is for; decides the types and the size it may have.',
    values: FILE_PURPOSES,
  });

  const UploadFileInput = builder.inputType('UploadFileInput', {
    fields: (t) => ({
      file: t.field({ type: 'Upload' }),
      purpose: t.field({ type: FilePurpose }),
    }),
  });

  builder.mutationField('uploadFile', (t) =>
    t.field({
      type: FileRef,
      description: 'Stores a private file of the viewer; a feature then attaches it to its record.',
      extensions: access({ record: 'own' }),
      authScopes: { loggedIn: true },
      args: { input: t.arg({ type: UploadFileInput }) },
      resolve: (_root, { input }, context) => {
        const user = context.viewer.user;
        if (!user) throw AppError.unauthenticated();
        return context.services.files.store(input.file, {
          ownerType: USER_UPLOAD,
          uploadedById: user.id,
          visibility: 'private',
          rules: UPLOAD_RULES[input.purpose],
          field: 'input.file',
          t: context.t,
          locale: context.locale,
        });
      },
    }),
  );
}
