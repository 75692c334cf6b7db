import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
  '@tests': path.resolve(import.meta.dirname, 'tests'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core (vitest's default leaves one core to its main process, which
    // mostly waits): on this project's 2-core machine that halves the unit and API passes.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/**/*.test.ts'],
          // npm test's second pass (PostgreSQL server) sets TEST_SKIP_FUZZ: the
          // malformed-input walk checks request handling, which does not depend on the database.
          exclude: ['tests/e2e/**', ...(process.env.TEST_SKIP_FUZZ ? ['tests/fuzz/**'] : [])],
          globalSetup: ['tests/setup/global-setup.ts'],
          // Test files share a worker's loaded modules (Fastify, Better Auth, the SDKs,
          // the password dictionaries) instead of loading them again for each file. Each
          // file still builds its own app on its own database, and no module keeps state
          // outside a database-keyed WeakMap, so nothing leaks from one file to the next.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web-setup.ts'],
        },
      },
    ],
  },
});
