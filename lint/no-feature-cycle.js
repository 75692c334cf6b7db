import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `local/no-feature-cycle`: the feature folders of one side (src/server/features
 * or src/web/features) depend on each other one way only. import-x/no-cycle
 * sees cycles between modules; this rule sees them between folders, where
 * a.service → b.service and b.table → a.table is already a cycle of features
 * without any module cycle. Type-only imports count: they are dependencies too.
 *
 * Tests are not dependencies of their feature: a test sits beside the module
 * it tests but drives the whole app, so it may look at what any feature wrote
 * (an order workflow test reads the ledger and the notices). Test files are
 * left out of the graph and not checked.
 *
 * Options: `{ featuresDir, aliases }`, where `aliases` maps an import prefix
 * (`'@server/'`) to a folder (`'src/server/'`), both relative to the project root.
 */
const SOURCE_FILE = /\.(ts|tsx|js|mjs)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
const IMPORT_SPECIFIER =
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s*['"]([^'"]+)['"]/g;

/** file path → { mtimeMs, specifiers }; files are read again only when they change. */
const parsedFiles = new Map();

function specifiersOf(file) {
  const { mtimeMs } = statSync(file);
  const cached = parsedFiles.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.specifiers;
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(IMPORT_SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
  parsedFiles.set(file, { mtimeMs, specifiers });
  return specifiers;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE_FILE.test(entry.name) ? [full] : [];
  });
}

export const noFeatureCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Feature folders must not depend on each other in a cycle.' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Feature cycle {{cycle}}: '{{feature}}' imports '{{target}}', which already depends on '{{feature}}' ({{back}}). Move what both need into the lower feature, or compose them in a feature above both.",
    },
  },
  create(context) {
    const root = context.cwd;
    const { featuresDir: featuresOption, aliases = {} } = context.options[0];
    const featuresDir = path.resolve(root, featuresOption);
    const featureOf = (file) => {
      const relative = path.relative(featuresDir, file);
      if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const [feature, ...rest] = relative.split(path.sep);
      return rest.length ? feature : null;
    };
    const resolve = (fromFile, specifier) => {
      if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
      for (const [prefix, folder] of Object.entries(aliases)) {
        if (specifier.startsWith(prefix)) {
          return path.resolve(root, folder, specifier.slice(prefix.length));
        }
      }
      return null;
    };
    const targetFeature = (fromFile, specifier) => {
      const target = resolve(fromFile, specifier);
      return target ? featureOf(target) : null;
    };

    const filename = context.physicalFilename;
    const feature = featureOf(filename);
    if (!feature || TEST_FILE.test(filename)) return {};

    /** feature → Map(other feature → 'file imports specifier'), from the files on disk. */
    let graph;
    const dependencies = () => {
      if (graph) return graph;
      graph = new Map();
      for (const folder of readdirSync(featuresDir, { withFileTypes: true })) {
        if (!folder.isDirectory()) continue;
        const edges = new Map();
        graph.set(folder.name, edges);
        for (const file of sourceFiles(path.join(featuresDir, folder.name))) {
          if (file === filename || TEST_FILE.test(file)) continue;
          for (const specifier of specifiersOf(file)) {
            const other = targetFeature(file, specifier);
            if (other && other !== folder.name && !edges.has(other)) {
              edges.set(other, `${path.relative(featuresDir, file)} imports '${specifier}'`);
            }
          }
        }
      }
      return graph;
    };
    /** The shortest chain of features from `start` back to `feature`, or null. */
    const pathBack = (start) => {
      const previous = new Map([[start, null]]);
      const queue = [start];
      while (queue.length) {
        const current = queue.shift();
        if (current === feature) {
          const chain = [];
          for (let at = current; at !== null; at = previous.get(at)) chain.unshift(at);
          return chain;
        }
        for (const next of dependencies().get(current)?.keys() ?? []) {
          if (!previous.has(next)) {
            previous.set(next, current);
            queue.push(next);
          }
        }
      }
      return null;
    };

    const check = (node) => {
      const specifier = node?.value;
      if (typeof specifier !== 'string') return;
      const target = targetFeature(filename, specifier);
      if (!target || target === feature) return;
      const chain = pathBack(target);
      if (!chain) return;
      context.report({
        node,
        messageId: 'cycle',
        data: {
          feature,
          target,
          cycle: [feature, ...chain].join(' → '),
          back: dependencies().get(chain.at(-2)).get(feature),
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-feature-cycle': noFeatureCycle } };
