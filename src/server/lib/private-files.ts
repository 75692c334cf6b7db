import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, uploaded identity documents, the
 * development secret and (outside production) e-mails with sign-in links:
 * nobody but the account that runs the app may read or change any of it.
 */
const OTHERS = 0o077;

/**
 * Every file and folder this process creates from now on is its owner's only
 * (0600 / 0700), whatever mode the code that creates it asks for. Call it
 * first thing in a process that writes into the data folder.
 */
export function keepNewFilesPrivate(): void {
  process.umask(OTHERS);
}

/**
 * Creates the data folder owner-only (0700). A folder made before this rule,
 * which others can open, is made private with everything in it, once: after
 * that the folder itself is 0700 and the walk is skipped. Answers how many
 * entries changed.
 */
export function makeDataDirPrivate(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((lstatSync(dataDir).mode & OTHERS) === 0) return 0;
  return restrictTree(dataDir);
}

/**
 * Takes group and other permissions off a folder and everything under it
 * (symbolic links are neither followed nor changed). Answers how many entries
 * changed. PGlite writes its files 0666 whatever the umask, so the database
 * folder goes through this after every start.
 */
export function restrictTree(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) {
      chmodSync(entry, stats.mode & 0o700);
      changed += 1;
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(root);
  return changed;
}
