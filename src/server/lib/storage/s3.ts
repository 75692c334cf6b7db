import type { Readable } from 'node:stream';
import { assertSafeKey, type Storage, type StoredFile } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible endpoint (MinIO, R2, Spaces…); unset means AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /**
   * Where browsers fetch public files straight from the bucket or a CDN in front
   * of it (`{publicUrl}/public/{key}`); unset serves them through /files/.
   */
  publicUrl?: string | undefined;
}

/**
 * Files in an S3-compatible bucket: `public/<key>` and `private/<key>`, with
 * the content type as object metadata. Only public objects are ever linked;
 * private ones (identity documents) are streamed by authorised routes.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  // The SDK is loaded only when a bucket is configured: most starts never need it.
  const sdk = import('@aws-sdk/client-s3');
  const client = sdk.then(({ S3Client }) => new S3Client(clientConfig(options)));
  const objectKey = (visibility: string, key: string) => {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  };
  const publicBase = options.publicUrl?.replace(/\/+$/, '');

  return {
    async put(visibility, key, data, contentType) {
      const { PutObjectCommand } = await sdk;
      await (
        await client
      ).send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(visibility, key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async get(visibility, key): Promise<StoredFile | null> {
      const { GetObjectCommand, NoSuchKey, S3ServiceException } = await sdk;
      try {
        const object = await (
          await client
        ).send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(visibility, key) {
      const { DeleteObjectCommand } = await sdk;
      await (
        await client
      ).send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) }));
    },
    publicUrl(key) {
      assertSafeKey(key);
      return publicBase ? `${publicBase}/public/${key}` : `/files/${key}`;
    },
  };
}

function clientConfig(options: S3StorageOptions) {
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  };
}
