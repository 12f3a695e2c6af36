import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

/**
 * What every multipart route (intake submit, the admin photo routes) checks before
 * its form parser sees a byte: a request without a form has sent no photos (400
 * no_files, as the contract names it for intake submit), and a boundary outside
 * RFC 2046's 1–70 characters is refused as a malformed form (400), never handed to
 * the parser (which throws on one past 252).
 */

/** RFC 2046 5.1.1: bchars, 1 to 70 of them, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;]*))/i;

export const noFiles = () => badRequest('no_files', 'Send at least one photo.', 'photos');

/** The form's boundary as the request declares it, or null when it declares none. */
export function boundaryOf(contentType: string): string | null {
  const match = BOUNDARY_PARAMETER.exec(contentType);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').trim();
}

export function checkFormRequest(request: FastifyRequest): void {
  if (!request.isMultipart()) throw noFiles();
  const boundary = boundaryOf(request.headers['content-type'] ?? '');
  if (boundary === null || !BOUNDARY.test(boundary)) {
    throw badRequest(
      'invalid_body',
      'The form’s boundary must be 1 to 70 letters, digits or punctuation (RFC 2046).',
    );
  }
}

// The form parser's words for a body that is not a whole form: cut off part-way
// (a phone upload that drops is normal), or sent under another boundary.
const BROKEN_FORM =
  /Unexpected end of (?:multipart data|form)|Malformed part header|Boundary not found|Multipart: /i;

export const isBrokenForm = (error: unknown) =>
  error instanceof Error && !(error instanceof AppError) && BROKEN_FORM.test(error.message);

export const brokenForm = () =>
  badRequest('invalid_body', 'The form arrived incomplete or malformed; send it again.');
