import path from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import type { Storage } from './storage';

export * from './storage';
export { detectFileType, type DetectedType } from './file-type';

/** The configured storage: local disk under DATA_DIR/files (an S3 driver would be chosen here). */
export function createStorage(config: { dataDir: string }): Storage {
  return createLocalDiskStorage(path.join(config.dataDir, 'files'));
}
