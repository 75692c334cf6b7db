import path from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage, type S3StorageOptions } from './s3';
import type { Storage } from './storage';

export * from './storage';
export { detectFileType, type DetectedType } from './file-type';

/** The configured storage: an S3-compatible bucket when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export function createStorage(config: {
  dataDir: string;
  s3: S3StorageOptions | undefined;
}): Storage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalDiskStorage(path.join(config.dataDir, 'files'));
}
