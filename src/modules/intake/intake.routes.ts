import multipart from '@fastify/multipart';
import type { App } from '../../context.js';
import { errorBody } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors } from '../../http/schemas.js';
import { MAX_IMAGE_BYTES } from '../../media/image-upload.js';
import { LinkStatus, SubmissionReceived, TokenParams } from './intake.schemas.js';
import { type IntakeService, linkNotActive } from './intake.service.js';
import { MAX_FILES, MULTIPART_LIMITS, readIntakeForm } from './intake-form.js';

const tags = ['intake'];

/**
 * Public intake under /api/upload-links, authorised by the link token alone.
 * Throttling (429) runs first, before the link is looked up, and never looks like 404.
 */
export async function intakeRoutes(app: App, intake: IntakeService): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // Any other address under this prefix is a link that does not exist: the same 404.
  app.setNotFoundHandler((_request, reply) => {
    const error = linkNotActive();
    reply.code(404).send(errorBody(error.code, error.message));
  });

  // A refused upload may still be streaming in: close the connection rather than read it.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode >= 400) reply.header('connection', 'close');
  });

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: 'Whether an upload link is usable',
        params: TokenParams,
        response: { 200: LinkStatus, ...errors(404, 429) },
      },
      config: { rateLimit: rateLimits.intakeRead },
    },
    async (request) => {
      await intake.resolveLink(request.params.token);
      return { active: true as const, max_files: MAX_FILES };
    },
  );

  app.post(
    '/:token/submissions',
    {
      schema: {
        tags,
        summary: 'Submit photos of one item and a note',
        consumes: ['multipart/form-data'],
        params: TokenParams,
        response: { 201: SubmissionReceived, ...errors(400, 404, 413, 415, 429) },
      },
      bodyLimit: MAX_FILES * MAX_IMAGE_BYTES + 1024 * 1024,
      config: { multipart: true, rateLimit: rateLimits.intakeSubmit },
    },
    async (request, reply) => {
      // The link first: an unusable link answers before a byte of the form is read (spec 4.3 submit rule 1).
      const linkId = await intake.resolveLink(request.params.token);
      const form = await readIntakeForm(request);
      const result = await intake.submit(linkId, form);
      // No item id: the submitter learns nothing about the catalogue (spec 4.3).
      return reply.code(201).send({ received: true as const, photos: result.photos });
    },
  );
}
