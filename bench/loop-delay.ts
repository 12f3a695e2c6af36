// The event loop's delay inside a bench's server (bench/loop-delay-probe.mjs,
// loaded with --import): `read` asks for the figures since the last read and
// starts the count again, so each phase of a bench is read on its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  samples: number;
}

export function loopDelayProbe() {
  const file = path.join(os.tmpdir(), `shop-loop-delay-${process.pid}-${Date.now()}.json`);
  const probe = path.join(import.meta.dirname, 'loop-delay-probe.mjs');
  return {
    /** Node's flags that load the probe. */
    nodeArgs: ['--import', probe],
    /** For a server started through npm's command line (NODE_OPTIONS reaches node). */
    nodeOptions: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    env: { LOOP_DELAY_FILE: file },
    /** The figures since the last read (or the start). */
    async read(pid: number): Promise<LoopDelay> {
      fs.rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let waited = 0; waited < 10_000; waited += 20) {
        if (fs.existsSync(file)) {
          const figures = JSON.parse(fs.readFileSync(file, 'utf8')) as LoopDelay;
          fs.rmSync(file, { force: true });
          return figures;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the server did not write its loop delay');
    },
  };
}
