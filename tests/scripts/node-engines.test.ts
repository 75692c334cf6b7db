import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Version = [number, number, number];

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

function parse(text: string): { version: Version; given: number } {
  // 10.x and 10.* name the line 10, as 10 does.
  const parts = text
    .replace(/^v/, '')
    .split('.')
    .filter((part) => !/^[xX*]$/.test(part));
  if (parts.length === 0 || !parts.every((part) => /^\d+$/.test(part))) {
    throw new Error(`unreadable version ${text}`);
  }
  const numbers = parts.map(Number);
  const [major = 0, minor = 0, patch = 0] = numbers;
  return { version: [major, minor, patch], given: numbers.length };
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of an `engines.node` range (the forms npm packages use). */
function accepts(comparator: string, version: Version): boolean {
  if (comparator === '*' || comparator === '') return true;
  const [, operator = '', rest = ''] = /^(>=|<=|>|<|\^|~|=)?\s*(.+)$/.exec(comparator) ?? [];
  const bound = parse(rest);
  const order = compare(version, bound.version);
  const sameMajor = version[0] === bound.version[0];
  const sameMinor = sameMajor && version[1] === bound.version[1];
  switch (operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && sameMajor;
    case '~':
      return order >= 0 && (bound.given === 1 ? sameMajor : sameMinor);
    default:
      // A bare 20, 20.19 or 20.19.0 names that line.
      return bound.given === 1 ? sameMajor : bound.given === 2 ? sameMinor : order === 0;
  }
}

function satisfies(range: string, version: Version): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .every((comparator) => accepts(comparator, version)),
  );
}

describe('the Node version the project asks for', () => {
  const engines: string = readJson('package.json').engines.node;
  const least = parse(engines.replace(/^>=\s*/, '')).version;

  it('reads ranges as npm does', () => {
    expect(satisfies('>=22', [20, 19, 0])).toBe(false);
    expect(satisfies('>=18', [20, 19, 0])).toBe(true);
    expect(satisfies('^20.19.0 || >=22.12.0', [20, 19, 0])).toBe(true);
    expect(satisfies('^20.19.0 || >=22.12.0', [21, 0, 0])).toBe(false);
    expect(satisfies('18 || 20 || >=22', [20, 19, 0])).toBe(true);
    expect(satisfies('>= 16.0.0 < 21', [20, 19, 0])).toBe(true);
    expect(satisfies('10.* || >= 12.*', [20, 19, 0])).toBe(true);
    expect(satisfies('>=16 || 14 >=14.17', [20, 19, 0])).toBe(true);
  });

  it('is one every locked package runs on, so `npm ci` prints no EBADENGINE', () => {
    const packages: Record<string, { engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !satisfies(entry.engines!.node!, least))
      .map(
        ([name, entry]) => `${name.replace(/^.*node_modules\//, '')} wants ${entry.engines!.node}`,
      );
    expect(refusing).toEqual([]);
  });
});
