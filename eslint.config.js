import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (STYLE.md §5): shared ← server, shared ← web; the web never
 * imports server code, shared imports neither, and a web feature does not
 * import a sibling feature (compose them in web/app).
 */
const noServerOrWeb = {
  group: ['@server/*', '@web/*', '**/server/**', '**/web/**'],
  message: 'src/shared is isomorphic: it imports nothing from server or web.',
};
const noServer = {
  group: ['@server/*', '**/server/**'],
  message: 'The web never imports server code; share contracts through src/shared.',
};
const noWeb = { group: ['@web/*', '**/web/**'], message: 'The server never imports web code.' };

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
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerOrWeb,
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
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  // A web feature may use shared code, components, lib and config, but not another feature.
  ...[
    'accounts',
    'checkout',
    'checkout-success',
    'landing',
    'legal',
    'panels',
    'store',
    'support',
  ].map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: [
                '@web/features/*',
                `!@web/features/${feature}`,
                `!@web/features/${feature}/**`,
              ],
              message: 'Web features do not import each other; compose them in src/web/app.',
            },
            { group: ['@web/app/*'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
);
