import net from 'node:net';

/**
 * A TCP proxy in the test process, in front of PostgreSQL, Redis or SMTP, that
 * plays the faults a deployment meets:
 * - `dropAll()`: every open connection is cut at once (failover, admin kill, a
 *   pooler's idle timeout); new ones still go through.
 * - `refuse()`: the port is closed, connecting fails with ECONNREFUSED (server down).
 * - `stall()`: connections are accepted and open ones stay up, but nothing goes
 *   through either way (a partition, a SIGSTOPped server); what is sent meanwhile
 *   is held and delivered when `forward()` heals it, as TCP would.
 * - `forward()`: back to normal; `forward({ heal: false })` leaves the connections
 *   stalled so far dead for good (a partition that never heals for them, as after a
 *   failover) while new connections go through.
 * - `cutAt(trap)`: the first connection that sends a message matching `trap.when`
 *   dies there, before the server gets it or just after (a process killed between
 *   two statements: the server rolls back whatever that connection had open).
 * With no upstream (`target` null) it is a server that accepts and never answers.
 */
export interface TcpProxy {
  port: number;
  /** The upstream URL with its host and port replaced by the proxy's. */
  url(upstreamUrl: string): string;
  /** Connections accepted so far (to tell that a client reached it). */
  readonly accepted: number;
  /** Connections open right now. */
  readonly open: number;
  forward(options?: { heal?: boolean }): Promise<void>;
  stall(): Promise<void>;
  refuse(): Promise<void>;
  dropAll(): void;
  cutAt(trap: CutTrap): Promise<void>;
  close(): Promise<void>;
}

/** Where a connection is cut, by what its client sends (read as latin1 text). */
export interface CutTrap {
  /** The message at which the connection dies. */
  when: RegExp;
  /** Only on a connection that sent this earlier (say, the job's own writes). */
  after?: RegExp;
  /** Cut just after the server got the message (its answer never arrives) instead of before. */
  delivered?: boolean;
}

type Mode = 'forward' | 'stall' | 'refuse';

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Nothing goes through this connection (held until it heals). */
  stalled: boolean;
  /** Held while stalled, in each direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function startTcpProxy(
  target: { host: string; port: number } | null,
  options: { mode?: Mode; port?: number } = {},
): Promise<TcpProxy> {
  let mode: Mode = options.mode ?? 'forward';
  const pairs = new Set<Pair>();
  let accepted = 0;
  let server: net.Server | null = null;
  let port = options.port ?? 0;
  let trap: { spec: CutTrap; primed: Set<Pair>; fired: () => void } | null = null;

  /** True when the trap took this chunk (the connection is cut). */
  function springs(pair: Pair, chunk: Buffer): boolean {
    if (!trap || !pair.upstream) return false;
    const text = chunk.toString('latin1');
    const { spec, primed, fired } = trap;
    if (spec.after && !primed.has(pair)) {
      if (spec.after.test(text)) primed.add(pair);
      return false;
    }
    if (!spec.when.test(text)) return false;
    trap = null;
    if (spec.delivered) {
      // end() sends what was written before the FIN: the server reads the message, then EOF.
      pair.upstream.end(chunk);
    } else {
      pair.upstream.destroy();
    }
    pair.client.destroy();
    pairs.delete(pair);
    fired();
    return true;
  }

  function connectUpstream(pair: Pair): void {
    if (!target || pair.upstream) return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      if (pair.stalled) pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    flush(pair);
  }

  function flush(pair: Pair): void {
    if (pair.upstream && !pair.upstream.connecting) {
      for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
    } else if (pair.upstream) {
      pair.upstream.once('connect', () => flush(pair));
    }
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  }

  function onConnection(client: net.Socket): void {
    accepted++;
    const pair: Pair = {
      client,
      upstream: null,
      stalled: mode === 'stall',
      toUpstream: [],
      toClient: [],
    };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.stalled || !pair.upstream || pair.upstream.connecting) {
        pair.toUpstream.push(chunk);
        return;
      }
      if (springs(pair, chunk)) return;
      pair.upstream.write(chunk);
    });
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'forward') connectUpstream(pair);
  }

  async function listen(): Promise<void> {
    if (server) return;
    const created = net.createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve());
    });
    port = (created.address() as net.AddressInfo).port;
    server = created;
  }

  /** Stops accepting and cuts what is open (close() waits for open connections to end). */
  async function unlisten(): Promise<void> {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    dropAll();
    await closed;
  }

  function dropAll(): void {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  }

  await listen();
  if (mode === 'refuse') await unlisten();

  return {
    get port() {
      return port;
    },
    url(upstreamUrl) {
      const url = new URL(upstreamUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.href;
    },
    get accepted() {
      return accepted;
    },
    get open() {
      return pairs.size;
    },
    async forward({ heal = true } = {}) {
      mode = 'forward';
      await listen();
      for (const pair of pairs) {
        if (pair.stalled && !heal) continue;
        pair.stalled = false;
        connectUpstream(pair);
        flush(pair);
      }
    },
    async stall() {
      mode = 'stall';
      for (const pair of pairs) pair.stalled = true;
      await listen();
    },
    async refuse() {
      mode = 'refuse';
      await unlisten();
    },
    dropAll,
    cutAt(spec) {
      return new Promise<void>((resolve) => {
        trap = { spec, primed: new Set(), fired: resolve };
      });
    },
    async close() {
      await unlisten();
    },
  };
}
