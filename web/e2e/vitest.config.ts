import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the journeys in a real Chromium against the real server, kept
// out of the default suite (slow; needs Debian's chromium package).
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['web/e2e/**/*.e2e.ts'],
    globalSetup: ['web/e2e/support/global-setup.ts'],
    pool: 'forks',
    // One shop server and one browser at a time: the machine is shared.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 400_000,
  },
});
