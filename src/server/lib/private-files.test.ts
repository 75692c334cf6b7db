import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyPgliteTemplate } from '../../../tests/setup/databases';
import { openDatabase } from '../db/client';
import { keepNewFilesPrivate, makeDataDirPrivate } from './private-files';

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every entry under `root` (links aside) that its group or others can use. */
function shared(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) found.push(`${(stats.mode & 0o777).toString(8)} ${entry}`);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(root);
  return found;
}

describe('the data folder is private', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'vendemas-private-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is created owner-only', () => {
    const dataDir = path.join(scratch, 'new', 'data');
    expect(makeDataDirPrivate(dataDir)).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('makes a folder started before the rule private once, files and all, without following links', () => {
    const dataDir = path.join(scratch, 'old');
    const outside = path.join(scratch, 'outside.txt');
    mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    mkdirSync(path.join(dataDir, 'mail'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'base', '1259'), 'x');
    writeFileSync(path.join(dataDir, 'mail', 'reset.eml'), 'token');
    writeFileSync(path.join(dataDir, 'app-secret'), 'secret');
    writeFileSync(outside, 'not ours');
    symlinkSync(outside, path.join(dataDir, 'link'));
    for (const entry of [
      dataDir,
      path.join(dataDir, 'pglite'),
      path.join(dataDir, 'pglite', 'base'),
      path.join(dataDir, 'mail'),
    ]) {
      chmodSync(entry, 0o777);
    }
    for (const file of ['pglite/base/1259', 'mail/reset.eml', 'app-secret']) {
      chmodSync(path.join(dataDir, file), 0o666);
    }
    chmodSync(outside, 0o644);

    expect(makeDataDirPrivate(dataDir)).toBe(7);
    expect(shared(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite', 'base', '1259'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'mail', 'reset.eml'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'app-secret'))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
    // Private now: the next start does not walk it again.
    expect(makeDataDirPrivate(dataDir)).toBe(0);
  });

  it("leaves none of PGlite's files open to others once the database has started", async () => {
    const dataDir = copyPgliteTemplate();
    try {
      const handle = await openDatabase({ dataDir });
      await handle.migrate();
      await handle.close();
      expect(shared(path.join(dataDir, 'pglite'))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates every later file owner-only, whatever mode its writer asks for', () => {
    const before = process.umask();
    try {
      keepNewFilesPrivate();
      const dir = path.join(scratch, 'later');
      mkdirSync(dir, { mode: 0o755 });
      writeFileSync(path.join(dir, 'image.webp'), 'x', { mode: 0o644 });
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(path.join(dir, 'image.webp'))).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });
});
