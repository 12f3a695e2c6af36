import { defineConfig } from 'vitest/config';

// Suites that start real processes (the shop as `npm start` runs it, a server beside a CLI):
// minutes each on a busy 2-core machine, so kept out of the default `npm test`.
export default defineConfig({
  test: {
    include: ['test/processes/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
