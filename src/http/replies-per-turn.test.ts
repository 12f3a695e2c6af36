import fc from 'fast-check';
import Fastify from 'fastify';
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
  it('writes a reply after the work already queued in its turn, and every reply arrives', async () => {
    const app = Fastify();
    installRepliesPerTurn(app, app.log);
    const sentWhenTurnEnded: boolean[] = [];
    app.get('/page/:n', async (request, reply) => {
      // Queued before the reply is sent: runs in the same check phase, ahead of the flush.
      setImmediate(() => sentWhenTurnEnded.push(reply.raw.headersSent));
      return { page: (request.params as { n: string }).n };
    });
    await app.ready();
    try {
      const [a, b] = await Promise.all([
        app.inject({ url: '/page/1' }),
        app.inject({ url: '/page/2' }),
      ]);
      expect(a.json()).toEqual({ page: '1' });
      expect(b.json()).toEqual({ page: '2' });
      expect(sentWhenTurnEnded).toEqual([false, false]);
    } finally {
      await app.close();
    }
  });
});
