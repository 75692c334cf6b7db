import type { Readable } from 'node:stream';

/** Public files are served at /files/<key>; private ones only through authorised routes. */
export type Visibility = 'public' | 'private';

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. The local-disk driver keeps them under
 * DATA_DIR/files; an S3-compatible driver implements the same four calls.
 */
export interface Storage {
  put(visibility: Visibility, key: string, data: Buffer, contentType: string): Promise<void>;
  get(visibility: Visibility, key: string): Promise<StoredFile | null>;
  delete(visibility: Visibility, key: string): Promise<void>;
  /** The address a browser uses for a public file. */
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no odd characters. */
export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key) || key.split('/').some((part) => part === '..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
