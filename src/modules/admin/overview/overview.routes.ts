import type { App, AppContext } from '../../../context.js';
import { errors } from '../../../http/schemas.js';
import { adminOverviewRepository } from './overview.repository.js';
import { AdminOverview } from './overview.schemas.js';

/** GET /api/admin/overview: registered inside the admin guard. */
export function adminOverviewRoutes(app: App, ctx: Pick<AppContext, 'db' | 'clock'>): void {
  const overview = adminOverviewRepository(ctx.db);
  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'New submissions waiting, items by status, holds that end soonest, sold in the last 7 days',
        response: { 200: AdminOverview, ...errors(401) },
      },
    },
    async () => overview.overview(ctx.clock.now()),
  );
}
