import { Type } from '@sinclair/typebox';
import { DateTime, Email, StrictObject } from '../../http/schemas.js';
import { LOOKUP_ONLY } from '../../http/validation.js';

// The token only looks a link up: text no link could have (a NUL, a lone surrogate)
// matches none and answers 404 like any other unknown link (spec 4.3 rule 6), not 400.
export const TokenParams = StrictObject({ token: Type.String({ [LOOKUP_ONLY]: true }) });

export const LinkStatus = Type.Object({
  active: Type.Literal(true),
  max_files: Type.Integer(),
  // The upload page checks files before sending them (issue: client-side checks with the server's limits).
  max_file_bytes: Type.Integer({ description: 'Largest photo accepted, in bytes' }),
  accepted_types: Type.Array(Type.String(), { description: 'MIME types a photo may have' }),
});

export const SubmissionReceived = Type.Object({
  received: Type.Literal(true),
  photos: Type.Integer(),
});

export const CreateUploadLinkBody = StrictObject({
  contact_email: Email,
  max_submissions: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()], {
      description: 'Defaults to 20; null means unlimited',
    }),
  ),
  label: Type.Optional(Type.String({ maxLength: 100 })),
});

export const UploadLink = Type.Object({
  id: Type.Integer(),
  label: Type.Union([Type.String(), Type.Null()]),
  contact_email: Type.Union([Type.String(), Type.Null()]),
  max_submissions: Type.Union([Type.Integer(), Type.Null()]),
  submission_count: Type.Integer(),
  revoked_at: Type.Union([DateTime, Type.Null()]),
  created_at: DateTime,
});

export const CreatedUploadLink = Type.Object({
  ...UploadLink.properties,
  token: Type.String({ description: 'Shown this once; only its digest is stored' }),
  url: Type.String({ description: 'The upload page for the contact' }),
});

export const UploadLinkList = Type.Object({ upload_links: Type.Array(UploadLink) });

/**
 * The submission form, for the OpenAPI document only: the route reads the multipart
 * stream itself (intake-form.ts), so nothing validates against this.
 */
export const SubmissionForm = (limits: { maxFiles: number; maxFileBytes: number }) =>
  Type.Object(
    {
      photos: Type.Array(Type.String({ format: 'binary' }), {
        minItems: 1,
        maxItems: limits.maxFiles,
        description: `JPEG, PNG or WebP photos of one item, each at most ${limits.maxFileBytes} bytes`,
      }),
      note: Type.Optional(Type.String({ maxLength: 5_000, description: 'What the item is' })),
      remove_background: Type.Optional(
        Type.String({ enum: ['true', 'false'], description: '`false` keeps the background' }),
      ),
    },
    { additionalProperties: false },
  );
