import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Slow suites run by their own scripts: several real processes (npm run test:processes),
    // the hostile-input walk (npm run test:fuzz) and the fault tests (npm run test:faults).
    exclude: ['test/processes/**', 'test/fuzz/**', 'test/faults/**', '**/node_modules/**'],
    // Each file gets its own process and its own database (test/support/test-database.ts),
    // on PGlite started from one cluster initialised once per run.
    globalSetup: ['test/support/pglite-snapshot.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Argon2 and PGlite are CPU-heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
