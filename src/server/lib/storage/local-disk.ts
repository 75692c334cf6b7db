import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type Storage, type StoredFile, type Visibility } from './storage';

/**
 * Files on the local disk: `<root>/<visibility>/<key>`, with the content type
 * beside each file. Private files (identity documents) are readable by the
 * server's own user only: files 0600 in folders 0700.
 */
export function createLocalDiskStorage(root: string): Storage {
  const fileOf = (visibility: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(root, visibility, key);
  };

  return {
    async put(visibility, key, data, contentType) {
      const file = fileOf(visibility, key);
      const privateFile = visibility === 'private';
      await mkdir(path.dirname(file), { recursive: true, mode: privateFile ? 0o700 : 0o755 });
      const mode = privateFile ? 0o600 : 0o644;
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(temporary, data, { mode });
      await writeFile(`${file}.type`, contentType, { mode });
      await rename(temporary, file);
    },
    async get(visibility, key): Promise<StoredFile | null> {
      const file = fileOf(visibility, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const contentType = (await readFile(`${file}.type`, 'utf8').catch(() => '')).trim();
        return {
          body: createReadStream(file),
          size: info.size,
          contentType: contentType || 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async delete(visibility, key) {
      const file = fileOf(visibility, key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `/files/${key}`;
    },
  };
}
