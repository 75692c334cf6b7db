import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts/messages';
import { PRODUCT_MESSAGES } from '../../src/shared/products/products.schema';

/**
 * One voice in Spanish texts: the spec's own texts use tú ('Revisa tu bandeja
 * de entrada…'), so every other Spanish text does too, never voseo. The list
 * holds the voseo forms these texts are likely to use (present and imperative);
 * tú forms that look alike (estás, podrás) are not in it.
 */
const VOSEO = [
  'aceptás',
  'anotá',
  'cobrás',
  'competí',
  'completá',
  'configurá',
  'confirmá',
  'contanos',
  'copiá',
  'elegí',
  'empezá',
  'enviás',
  'envianos',
  'entrá',
  'escalá',
  'escribinos',
  'fijate',
  'ganá',
  'ganás',
  'ignorá',
  'iniciá',
  'medí',
  'multiplicá',
  'necesitás',
  'pedí',
  'podés',
  'probá',
  'publicá',
  'querés',
  'recordás',
  'registrá',
  'registrate',
  'restablecé',
  'revisá',
  'sabés',
  'seguí',
  'sumate',
  'tenés',
  'vendé',
  'vos',
];
const pattern = new RegExp(`(?<![\\p{L}])(${VOSEO.join('|')})(?![\\p{L}])`, 'iu');

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Every place with texts for people: the whole web app, shared texts, the server and the terms. */
const PLACES = ['src/web', 'src/shared', 'src/server', 'content'];

function filesUnder(place: string): string[] {
  const full = path.join(ROOT, place);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(full, name))
    .filter((file) => /\.(ts|tsx|md|html)$/.test(file) && statSync(file).isFile());
}

describe('Spanish texts', () => {
  it('speak with tú, like the spec, never with vos', () => {
    const found: string[] = [];
    for (const file of PLACES.flatMap(filesUnder)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const match = pattern.exec(line);
          if (match) found.push(`${path.relative(ROOT, file)}:${index + 1} «${match[1]}»`);
        });
    }
    expect(found).toEqual([]);
  });

  it("write a number and its unit apart, as es-AR does ('10 %', '10 MB'), but for the spec's own texts", () => {
    // spec 01 §5 and spec 02 §5 give these texts exactly, unit and all.
    const specTexts = [
      PRODUCT_MESSAGES.commissionHint,
      PRODUCT_MESSAGES.commissionWarning,
      PRODUCT_MESSAGES.imageHint,
      ACCOUNT_MESSAGES.fileTooLargeDescription,
    ];
    const unitTogether = /(?<=\s)\d+(?:[.,]\d+)?(?:%|MB|KB|GB)(?![\p{L}\d])/u;
    const found: string[] = [];
    for (const file of PLACES.flatMap(filesUnder).filter((name) => /\.tsx?$/.test(name))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const match = unitTogether.exec(line);
          if (match && !specTexts.some((text) => line.includes(text))) {
            found.push(`${path.relative(ROOT, file)}:${index + 1} «${match[0]}»`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
