import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file gets its own process and its own database (test/support/test-database.ts).
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Argon2 and PGlite are CPU-heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
