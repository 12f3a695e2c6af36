import type { App, AppContext } from '../../context.js';
import { questionsRoutes } from './questions.routes.js';
import { questionsService } from './questions.service.js';

/** Customers' questions about pieces, mailed to the shop (issue 33 item 6). */
export function questionsModule(app: App, ctx: AppContext): void {
  questionsRoutes(app, questionsService(ctx));
}
