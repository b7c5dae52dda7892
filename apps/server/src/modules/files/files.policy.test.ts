import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Viewer } from '../access/viewer';
import { filePolicy, userUploadReadPolicy, type FileReadPolicies } from './files.policy';
import type { FileRow } from './files.table';

const uploader = randomUUID();
const someoneElse = randomUUID();

function fileRow(overrides: Partial<FileRow> = {}): FileRow {
  return {
    id: randomUUID(),
    ownerType: 'user-upload',
    ownerId: null,
    uploadedById: uploader,
    originalName: 'photo.png',
    mimeType: 'image/png',
    extension: 'png',
    size: 100,
    storageKey: 'ab/cd/x',
    width: 10,
    height: 10,
    thumbStorageKey: null,
    placeholder: null,
    visibility: 'private',
    createdAt: new Date(),
    deletedAt: null,
    ...overrides,
  };
}

const as = (id: string, role: 'performer' | 'organiser' | 'admin' = 'performer') =>
  new Viewer({ id, role });
const policies: FileReadPolicies = {
  'user-upload': userUploadReadPolicy,
  'application-attachment': async (viewer) => viewer.user?.role === 'organiser',
};

describe('filePolicy.read', () => {
  it('lets everyone read a public file', async () => {
    const file = fileRow({ visibility: 'public' });
    expect(await filePolicy.read(Viewer.anonymous(), file, policies)).toBe(true);
    expect(await filePolicy.read(as(someoneElse), file, policies)).toBe(true);
  });

  it('lets only the uploader and a platform admin read a private upload', async () => {
    const file = fileRow();
    expect(await filePolicy.read(as(uploader), file, policies)).toBe(true);
    expect(await filePolicy.read(as(someoneElse, 'admin'), file, policies)).toBe(true);
    expect(await filePolicy.read(as(someoneElse), file, policies)).toBe(false);
    expect(await filePolicy.read(as(someoneElse, 'organiser'), file, policies)).toBe(false);
    expect(await filePolicy.read(Viewer.anonymous(), file, policies)).toBe(false);
  });

  it('asks the owning feature about everyone else', async () => {
    const file = fileRow({ ownerType: 'application-attachment' });
    expect(await filePolicy.read(as(someoneElse, 'organiser'), file, policies)).toBe(true);
    expect(await filePolicy.read(as(someoneElse), file, policies)).toBe(false);
  });

  it('grants nobody else when the owner type has no policy', async () => {
    const file = fileRow({ ownerType: 'constructor', uploadedById: null });
    expect(await filePolicy.read(as(someoneElse, 'organiser'), file, policies)).toBe(false);
    expect(await filePolicy.read(Viewer.anonymous(), file, policies)).toBe(false);
  });

  it('never lets anyone read a deleted file', async () => {
    const file = fileRow({ visibility: 'public', deletedAt: new Date() });
    expect(await filePolicy.read(as(uploader, 'admin'), file, policies)).toBe(false);
  });
});
