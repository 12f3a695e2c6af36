import multipart from '@fastify/multipart';
import type { App } from '../../context.js';
import { sendRefusal } from '../../http/error-handler.js';
import { methodNotAllowed } from '../../http/framework-errors.js';
import { lingerOnRefusal } from '../../http/lingering-close.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors } from '../../http/schemas.js';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../media/image-upload.js';
import { LinkStatus, SubmissionForm, SubmissionReceived, TokenParams } from './intake.schemas.js';
import type { IntakeService } from './intake.service.js';
import { MAX_FILES, MULTIPART_LIMITS, readIntakeForm } from './intake-form.js';
import { linkNotActive } from './link-not-active.js';

const tags = ['intake'];

/** Six photos at their limit plus the note and the multipart framing. */
const SUBMISSION_BODY_LIMIT = MAX_FILES * MAX_IMAGE_BYTES + 1024 * 1024;
/** How long a refused upload is read after its answer: the documented request timeout. */
const LINGER_MS = 30_000;

/**
 * Public intake under /api/upload-links, authorised by the link token alone.
 * Throttling (429) runs first, before the link is looked up, and never looks like 404.
 */
export async function intakeRoutes(app: App, intake: IntakeService): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // Any other address under this prefix is a link that does not exist: the same 404.
  // A wrong method on a known address is still 405 with Allow.
  app.setNotFoundHandler((request, reply) => {
    const error = methodNotAllowed(request) ?? linkNotActive();
    return sendRefusal(reply, error);
  });

  // A refused upload may still be streaming in: read and discard the rest (bounded) so
  // the client receives the 404/429 instead of a reset connection.
  app.addHook('onSend', lingerOnRefusal({ maxBytes: SUBMISSION_BODY_LIMIT, maxMs: LINGER_MS }));

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
      return {
        active: true as const,
        max_files: MAX_FILES,
        max_file_bytes: MAX_IMAGE_BYTES,
        accepted_types: ACCEPTED_IMAGE_TYPES,
      };
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
      bodyLimit: SUBMISSION_BODY_LIMIT,
      config: {
        multipart: true,
        rateLimit: rateLimits.intakeSubmit,
        documentedBody: SubmissionForm({ maxFiles: MAX_FILES, maxFileBytes: MAX_IMAGE_BYTES }),
      },
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
