import { defineConfig } from 'vitest/config';

// Fault tests (npm run test:faults): dropped and stalled database connections, a
// refused or stalled Redis, SMTP outages, shutdown on a hung SMTP server. They wait
// out real timeouts (seconds each), so they run one file at a time, outside `npm test`.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/support/pglite-snapshot.ts'],
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
