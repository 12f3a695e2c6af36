import { defineConfig } from 'vitest/config';

// The seeded walk over every operation (test/fuzz): thousands of requests, so it
// runs as its own script (`npm run test:fuzz`) and CI step, not inside `npm test`.
export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
