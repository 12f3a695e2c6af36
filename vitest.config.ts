import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock need a module registry of their own; every
// other file shares its worker's modules, so the app's imports are loaded once per
// worker instead of once per file (most of a file's start-up cost on two cores).
const ISOLATED = ['src/modules/accounts/sessions.test.ts'];
// Slow suites run by their own scripts: several real processes (npm run test:processes),
// the hostile-input walk (npm run test:fuzz) and the fault tests (npm run test:faults).
const OWN_SCRIPTS = ['test/processes/**', 'test/fuzz/**', 'test/faults/**', '**/node_modules/**'];

export default defineConfig({
  test: {
    // Each file still gets its own database (test/support/test-database.ts), on PGlite
    // started from one cluster initialised once per run.
    globalSetup: ['test/support/pglite-snapshot.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Argon2 and PGlite are CPU-heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...OWN_SCRIPTS, ...ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED },
      },
    ],
  },
});
