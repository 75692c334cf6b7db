import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Text cut short with an ellipsis (`truncate`, `line-clamp-*`) must still be
 * readable whole: the element carries a `title` (the browser shows it on
 * hover and screen readers read the full text anyway). A <select> is
 * exempt: opening it shows every option whole.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CUT = /(^|[\s'"`])(truncate|line-clamp-\d)(?=$|[\s'"`])/;

function sources(): string[] {
  return readdirSync(path.join(ROOT, 'src/web'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .filter((entry) => !entry.name.endsWith('.test.tsx'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function untitledCuts(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const attributes = node.attributes.properties.filter(ts.isJsxAttribute);
      const className = attributes.find((attribute) => attribute.name.getText() === 'className');
      const tag = node.tagName.getText();
      if (className?.initializer && CUT.test(className.initializer.getText()) && tag !== 'select') {
        if (!attributes.some((attribute) => attribute.name.getText() === 'title')) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${path.relative(ROOT, file)}:${line + 1} <${tag}>`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('truncated text', () => {
  it('every element that cuts its text short carries a title with the whole text', () => {
    expect(sources().flatMap(untitledCuts)).toEqual([]);
  });
});
