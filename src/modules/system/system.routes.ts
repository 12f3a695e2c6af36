import { Type } from '@sinclair/typebox';
import type { App } from '../../context.js';
import type { DatabaseHandle } from '../../db/database.js';
import { errorBody } from '../../http/errors.js';
import { errors } from '../../http/schemas.js';

const Status = Type.Object({ status: Type.String() });

/** Liveness, readiness and the generated OpenAPI document. */
export function systemRoutes(app: App, database: Pick<DatabaseHandle, 'ping'>): void {
  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status, ...errors(503) } } },
    async (_request, reply) => {
      if (await database.ping()) return { status: 'ready' };
      return reply
        .code(503)
        .send(errorBody('database_unavailable', 'The database does not answer.'));
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
