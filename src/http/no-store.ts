import type { FastifyInstance } from 'fastify';

/** Every answer of this scope is personal (or carries a credential): no cache may keep it. */
export function answersNeverStored(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
}
