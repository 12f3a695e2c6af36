import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRepliesPerTurn, turnGathering } from './replies-per-turn.js';

type Step = { kind: 'reply'; chained: boolean } | { kind: 'turn ends' };

describe('turnGathering against a model', () => {
  it('lets every reply go once, at the first turn end after it, in arrival order', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('reply' as const), chained: fc.boolean() }),
      fc.constant({ kind: 'turn ends' as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps: Step[]) => {
        const scheduled: Array<() => void> = [];
        const turn = turnGathering(
          (error) => {
            throw error;
          },
          (flush) => scheduled.push(flush),
        );
        const released: number[] = [];
        // The model: what waits for this turn's end, in order.
        let waiting: number[] = [];
        let expected: number[] = [];
        let next = 0;
        const reply = (chained: boolean) => {
          const id = next++;
          waiting.push(id);
          turn.gather(() => {
            released.push(id);
            // A reply let go may start another (a handler finishing on it): it waits for the next turn.
            if (chained) reply(false);
          });
        };
        for (const s of steps) {
          if (s.kind === 'reply') reply(s.chained);
          else {
            const flushes = scheduled.splice(0);
            // One flush a turn that gathered anything, none for a turn that gathered nothing.
            expect(flushes).toHaveLength(waiting.length > 0 ? 1 : 0);
            expected = [...expected, ...waiting];
            waiting = [];
            for (const flush of flushes) flush();
            expect(released).toEqual(expected);
          }
          expect(turn.waiting()).toBe(waiting.length);
        }
      }),
    );
  });

  it('lets the rest go when one release throws, and reports it', () => {
    const errors: unknown[] = [];
    let flush = () => {};
    const turn = turnGathering(
      (error) => errors.push(error),
      (f) => {
        flush = f;
      },
    );
    const released: string[] = [];
    turn.gather(() => released.push('first'));
    turn.gather(() => {
      throw new Error('socket gone');
    });
    turn.gather(() => released.push('third'));
    flush();
    expect(released).toEqual(['first', 'third']);
    expect(errors).toEqual([new Error('socket gone')]);
    expect(turn.waiting()).toBe(0);
  });
});

describe('replies per turn in an app', () => {
  async function appWith(routes: (app: FastifyInstance) => void, hook = true) {
    const app = Fastify();
    if (hook) installRepliesPerTurn(app, app.log);
    routes(app);
    await app.ready();
    return app;
  }

  it.each([
    [true, [false, false]],
    [false, [true, true]],
  ])(
    'with the hook %s, a reply is written after the work already queued in its turn (sent then: %j)',
    async (hook, sent) => {
      const sentWhenTurnEnded: boolean[] = [];
      const app = await appWith((app) => {
        app.get('/page/:n', async (request, reply) => {
          // Queued before the reply is sent: runs in the same check phase, ahead of the flush.
          setImmediate(() => sentWhenTurnEnded.push(reply.raw.headersSent));
          return { page: (request.params as { n: string }).n };
        });
      }, hook);
      try {
        const [a, b] = await Promise.all([
          app.inject({ url: '/page/1' }),
          app.inject({ url: '/page/2' }),
        ]);
        expect(a.json()).toEqual({ page: '1' });
        expect(b.json()).toEqual({ page: '2' });
        await new Promise((resolve) => setImmediate(resolve));
        expect(sentWhenTurnEnded).toEqual(sent);
      } finally {
        await app.close();
      }
    },
  );

  it('lets a stream go at once: one that fails is answered 500 by Fastify, and the process lives', async () => {
    const app = await appWith((app) => {
      app.get('/file', async (_request, reply) => {
        // Fails on its own, before anything reads it (a file gone, a bucket unreachable).
        const stream = new Readable({ read() {} });
        process.nextTick(() => stream.destroy(new Error('disk gone')));
        return reply.type('application/octet-stream').send(stream);
      });
    });
    try {
      // A real socket: Fastify's error handling of a stream is attached as it starts writing it.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/file`)).status).toBe(500);
    } finally {
      await app.close();
    }
  });

  it('answers 500 when writing the head fails after the wait, rather than never', async () => {
    const app = await appWith((app) => {
      app.get('/bad-header', async (_request, reply) => {
        return reply.header('x-note', 'line one\nline two').send({ ok: true });
      });
    });
    try {
      const res = await app.inject({ url: '/bad-header' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-note']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
