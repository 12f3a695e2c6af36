import type { App } from '../../context.js';
import { requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, IdParams } from '../../http/schemas.js';
import { ItemQuestionAccepted, ItemQuestionBody } from './questions.schemas.js';
import type { QuestionsService } from './questions.service.js';

/** POST /api/items/:id/questions: "Ask about this piece" (issue 33 item 6). */
export function questionsRoutes(app: App, questions: QuestionsService): void {
  app.post(
    '/api/items/:id/questions',
    {
      schema: {
        tags: ['storefront'],
        security: [{ customerSession: [] }],
        summary: 'Ask the shop about a piece; the answer comes by mail to the customer',
        description:
          'Mailed to the shop with the customer’s address as Reply-To, after the commit. Needs a verified address (403 email_not_verified). 10 per hour per customer.',
        params: IdParams,
        body: ItemQuestionBody,
        response: { 202: ItemQuestionAccepted, ...errors(400, 401, 403, 404, 415, 429, 503) },
      },
      onRequest: requireCustomer,
      config: { rateLimit: rateLimits.itemQuestion },
    },
    async (request, reply) => {
      const customer = signedInCustomer(request);
      await questions.ask(customer, request.params.id, request.body.message);
      return reply.code(202).send({ reply_to: customer.email });
    },
  );
}
