import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileType } from './file-type';
import { createLocalDiskStorage } from './local-disk';
import { isSafeKey } from './storage';

describe('local-disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vendemas-storage-'));
  const storage = createLocalDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps public and private files apart, with their content type', async () => {
    await storage.put('private', 'docs/a.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await storage.get('public', 'docs/a.pdf')).toBeNull();
    const file = await storage.get('private', 'docs/a.pdf');
    expect(file).toMatchObject({ size: 8, contentType: 'application/pdf' });
    file?.body.destroy();
    await storage.delete('private', 'docs/a.pdf');
    expect(await storage.get('private', 'docs/a.pdf')).toBeNull();
  });

  it('writes private files readable by the server only (0600 in 0700 folders)', async () => {
    await storage.put('private', 'identity/u1/dni.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.put('public', 'logos/u1/logo.png', Buffer.from('png'), 'image/png');
    const mode = (relative: string) => statSync(path.join(root, relative)).mode & 0o777;
    expect(mode('private/identity/u1/dni.pdf')).toBe(0o600);
    expect(mode('private/identity/u1/dni.pdf.type')).toBe(0o600);
    expect(mode('private/identity/u1')).toBe(0o700);
    expect(mode('private/identity')).toBe(0o700);
    expect(mode('public/logos/u1/logo.png')).toBe(0o644);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../secret', 'a/../../b', '/etc/passwd', 'a//b', '', '.hidden', 'a\\b']) {
      expect(isSafeKey(key), key).toBe(false);
      await expect(storage.put('public', key, Buffer.from('x'), 'text/plain')).rejects.toThrow();
    }
    expect(isSafeKey('logos/user-1/logo.png')).toBe(true);
  });
});

describe('detectFileType', () => {
  it('recognises PDF, PNG and JPEG by their first bytes only', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7 ...'))?.mime).toBe('application/pdf');
    expect(detectFileType(Buffer.from('89504e470d0a1a0a00', 'hex'))?.mime).toBe('image/png');
    expect(detectFileType(Buffer.from('ffd8ffe000104a464946', 'hex'))?.mime).toBe('image/jpeg');
    expect(detectFileType(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
  });
});
