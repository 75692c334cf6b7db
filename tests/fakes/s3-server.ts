import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../src/server/lib/storage/s3';

export interface LocalS3 {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on loopback (s3rver, objects in a temporary
 * folder): the storage driver talks to it with the official SDK, signatures
 * and all, exactly as it would to a bucket.
 */
export async function startLocalS3(bucket = 'vendemas-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vendemas-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
