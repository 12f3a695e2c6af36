import { Type } from '@sinclair/typebox';
import type { App } from '../../context.js';
import type { DatabaseHandle } from '../../db/database.js';
import { errorBody } from '../../http/errors.js';
import type { RateLimitHealth } from '../../http/rate-limit-store.js';
import { errors } from '../../http/schemas.js';

const Status = Type.Object({ status: Type.String() });

const Readiness = Type.Object({
  status: Type.Unsafe<'ready' | 'degraded'>(Type.String({ enum: ['ready', 'degraded'] })),
  database: Type.Literal('up'),
  rate_limits: Type.Unsafe<RateLimitHealth['mode']>(
    Type.String({ enum: ['shared', 'local', 'local-fallback'] }),
  ),
});

/** Liveness, readiness and the generated OpenAPI document. */
export function systemRoutes(
  app: App,
  database: Pick<DatabaseHandle, 'ping'>,
  rateLimits: RateLimitHealth,
): void {
  const tags = ['system'];
  app.get(
    '/healthz',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers (nothing else is checked)',
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'Readiness: the database answers; says whether rate limits are shared',
        response: { 200: Readiness, ...errors(503) },
      },
    },
    async (_request, reply) => {
      // 200 while the database answers (contract); "degraded" when rate limits
      // count per instance because Redis is away (docs/operations.md).
      if (await database.ping()) {
        const mode = rateLimits.mode;
        return {
          status: mode === 'local-fallback' ? 'degraded' : 'ready',
          database: 'up',
          rate_limits: mode,
        } as const;
      }
      return reply
        .code(503)
        .send(errorBody('database_unavailable', 'The database does not answer.'));
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
