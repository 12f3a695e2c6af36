import type { App } from '../../context.js';
import { errors, IdParams } from '../../http/schemas.js';
import type { DraftReviewService } from './draft-review.service.js';
import { AcceptDraftBody, Draft, DraftList, DraftListQuery } from './drafts.schemas.js';

const tags = ['admin'];
const one = { 200: Draft, ...errors(400, 401, 404, 409) };

/** /api/admin/drafts: registered inside the admin guard. */
export function draftRoutes(app: App, drafts: DraftReviewService): void {
  app.addSchema(Draft);

  app.get(
    '/drafts',
    {
      schema: {
        tags,
        summary: 'Drafts of intake submissions, newest first, optionally by state',
        querystring: DraftListQuery,
        response: { 200: DraftList, ...errors(400, 401) },
      },
    },
    async (request) => drafts.list(request.query),
  );

  const summary = 'One draft with its suggestions and photos';
  app.get(
    '/drafts/:id',
    { schema: { tags, summary, params: IdParams, response: one } },
    async (request) => drafts.get(request.params.id),
  );

  app.post(
    '/drafts/:id/accept',
    {
      schema: {
        tags,
        summary: 'Apply all or part of the suggestions to the item (nothing is published)',
        params: IdParams,
        body: AcceptDraftBody,
        response: { ...one, ...errors(415) },
      },
    },
    async (request) => drafts.accept(request.params.id, request.body),
  );

  app.post(
    '/drafts/:id/rerun',
    { schema: { tags, summary: 'Draft it again', params: IdParams, response: one } },
    async (request) => drafts.rerun(request.params.id),
  );

  app.post(
    '/drafts/:id/dismiss',
    {
      schema: { tags, summary: 'Set the suggestions aside', params: IdParams, response: one },
    },
    async (request) => drafts.dismiss(request.params.id),
  );
}
