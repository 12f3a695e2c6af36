import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * Asks for a secret on the terminal without echoing it. When standard input is
 * not a terminal (a script pipes the password in), reads one line from it.
 */
export function readSecret(prompt: string): Promise<string> {
  const tty = process.stdin.isTTY === true;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: tty });
  return new Promise((resolve, reject) => {
    if (tty) process.stderr.write(prompt);
    muted = true;
    rl.once('line', (line) => {
      // Resolve first: closing emits 'close' at once, which would otherwise reject.
      resolve(line);
      if (tty) process.stderr.write('\n');
      rl.close();
    });
    rl.once('close', () => reject(new Error('no password given')));
  });
}
