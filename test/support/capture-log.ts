import type { DestinationStream } from 'pino';

export interface LogEntry {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** Collects the app's log lines, raw and parsed, so tests can read what was logged. */
export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  entries(): LogEntry[] {
    return this.lines.map((line) => JSON.parse(line) as LogEntry);
  }

  /** Everything logged, as one string: for "this never appears in any log line". */
  text(): string {
    return this.lines.join('');
  }

  clear(): void {
    this.lines.length = 0;
  }
}
