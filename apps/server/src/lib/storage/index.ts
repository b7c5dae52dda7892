import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export { createLocalStorage } from './local-storage';
export { createS3Client, createS3Storage, type S3StorageConfig } from './s3-storage';
export * from './storage';

/** S3-compatible storage when S3_* is configured; otherwise files under DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
