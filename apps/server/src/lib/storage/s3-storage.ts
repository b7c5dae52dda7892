import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { assertStorageKey, StorageObjectNotFoundError, type Storage } from './storage';

export type S3StorageConfig = NonNullable<Config['s3']>;

/**
 * Any S3-compatible store (AWS S3, MinIO, Ceph, R2, s3rver in tests). Path-style addressing, because
 * most self-hosted servers do not resolve bucket subdomains. Checksums only where the API requires
 * them: the SDK's default CRC trailers (aws-chunked bodies) are not understood by many compatible servers.
 */
export function createS3Storage(config: S3StorageConfig, client = createS3Client(config)): Storage {
  const Bucket = config.bucket;

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertStorageKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
        return;
      }
      // A stream of unknown length: multipart upload in parts, one PUT when it turns out small.
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
      }).done();
    },

    async get(key, range) {
      assertStorageKey(key);
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(result.Body instanceof Readable))
          throw new Error(`S3 answered ${key} without a readable body`);
        return {
          stream: result.Body,
          ...(result.ContentLength === undefined ? {} : { size: result.ContentLength }),
        };
      } catch (error) {
        if (isNotFound(error)) throw new StorageObjectNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}
