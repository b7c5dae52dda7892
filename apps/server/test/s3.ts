import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config';

export interface TestS3 {
  config: NonNullable<Config['s3']>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on an ephemeral port, with one empty bucket, in a temp folder. */
export async function startTestS3(bucket = 'encore-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'encore-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    // s3rver's fixed credentials; it checks request signatures like S3 does.
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
