import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './lint/no-feature-cycle.js';

/**
 * Import direction (STYLE.md §5, ARCHITECTURE §3): shared ← server, shared ← web;
 * the web never imports server code and shared imports neither. In the web,
 * shared code (components, lib, config) ← features ← app, and a feature does not
 * import another feature. On the server a feature calls another feature's
 * service, never its table. Feature folders are found on disk, paths are
 * resolved (aliases and relative imports alike), and no import may close a
 * cycle, between modules or between feature folders.
 */
const root = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const WEB_FEATURES = foldersIn('src/web/features');
const SERVER_FEATURES = foldersIn('src/server/features');

const noServer = {
  target: './src/web',
  from: './src/server',
  message: 'The web never imports server code; share contracts through src/shared.',
};
const noWeb = {
  target: './src/server',
  from: './src/web',
  message: 'The server never imports web code.',
};
const sharedStaysShared = {
  target: './src/shared',
  from: ['./src/server', './src/web'],
  message: 'src/shared is isomorphic: it imports nothing from server or web.',
};

/** Web features use shared code, components, lib and config; src/web/app composes them. */
const webFeatureZones = WEB_FEATURES.flatMap((feature) => {
  const others = WEB_FEATURES.filter((other) => other !== feature);
  return [
    ...(others.length
      ? [
          {
            target: `./src/web/features/${feature}`,
            from: others.map((other) => `./src/web/features/${other}`),
            message: 'Web features do not import each other; compose them in src/web/app.',
          },
        ]
      : []),
    {
      target: `./src/web/features/${feature}`,
      from: './src/web/app',
      message: 'Features do not import the app layer.',
    },
  ];
});
const webSharedZone = {
  target: ['./src/web/components', './src/web/lib', './src/web/config'],
  from: ['./src/web/features', './src/web/app'],
  message: 'Components, lib and config are below the features and the app; they import neither.',
};

/**
 * ARCHITECTURE §3: other features call a feature's service, never its table.
 * Table files may still reference another feature's table for a foreign key,
 * and tests may read any table to check what was stored.
 */
/**
 * Inventory owns the stock columns of both catalogues: products.stock, store_variants.quantity and
 * reserved. Analytics reads the link funnel's order summaries (link_order_daily, its versions and
 * hours), which the orders service keeps in each order's own transaction, and deletes the hours it
 * no longer needs.
 */
const ALSO_WRITES = { inventory: ['products', 'store-catalogue'], analytics: ['orders'] };
/**
 * Read models: a feature that owns a question about another feature's rows may
 * read that table for it, never write it. Risk counts and locks a seller's
 * orders for its signals (risk/order-signals.service.ts). Invoicing takes the
 * platform's ledger entries that are on no document of its own, in one query
 * under its lock per company (invoicing/invoice-requests.ts).
 */
const ALSO_READS = { risk: ['orders'], invoicing: ['settlements'] };

const serverTableZones = SERVER_FEATURES.flatMap((feature) => {
  const others = SERVER_FEATURES.filter(
    (other) =>
      other !== feature &&
      !(ALSO_WRITES[feature] ?? []).includes(other) &&
      !(ALSO_READS[feature] ?? []).includes(other),
  );
  return others.length
    ? [
        {
          target: `./src/server/features/${feature}`,
          from: others.map((other) => `./src/server/features/${other}/**/*.table.ts`),
          message: "A feature never touches another feature's table: call that feature's service.",
        },
      ]
    : [];
});

/**
 * db/schema.ts re-exports every table for drizzle-kit: a feature importing it
 * would reach every other feature's tables at once.
 */
const noWholeSchema = {
  target: './src/server/features',
  from: './src/server/db/schema.ts',
  message:
    "db/schema re-exports every table, for drizzle-kit only: import your feature's own table.",
};

/**
 * STYLE.md §12: a query over every tenant says `{ kind: 'platform' }`, and only
 * the admin's routes say it. Company and seller routes name their own scope.
 */
const PLATFORM_SCOPE_FILES = [
  'src/server/features/admin/**',
  'src/server/features/**/*admin.routes.ts',
  // The admin's home sits with the other panels' homes; the isolation test covers those.
  'src/server/features/dashboard/dashboard.routes.ts',
  // The admin dashboard's platform-wide sums, cached per app for that home.
  'src/server/features/dashboard/platform-figures.ts',
  // The demo business is written as the admin would: it pays the demo seller in a payout batch.
  'src/server/db/seed/demo-history.ts',
];
const noPlatformScope = [
  'error',
  {
    selector: "Property[key.name='kind'] Literal[value='platform']",
    message:
      "Only admin routes read every tenant's rows: scope the query to the actor ({ kind: 'company' | 'seller', id }).",
  },
];

const restrictedPaths = (...zones) => ['error', { basePath: root, zones }];
const featureCycles = (side) => [
  'error',
  { featuresDir: `src/${side}/features`, aliases: { [`@${side}/`]: `src/${side}/` } },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(root, 'tsconfig.base.json'),
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(sharedStaysShared),
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
              message: 'src/shared runs in the browser and on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(noWeb),
      'local/no-feature-cycle': featureCycles('server'),
    },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['**/*.table.ts', '**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(noWeb, noWholeSchema, ...serverTableZones),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [...PLATFORM_SCOPE_FILES, '**/*.test.ts'],
    rules: { 'no-restricted-syntax': noPlatformScope },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': restrictedPaths(noServer, webSharedZone, ...webFeatureZones),
      'local/no-feature-cycle': featureCycles('web'),
    },
  },
);
