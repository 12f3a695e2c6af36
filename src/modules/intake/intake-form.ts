import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { isStorableText } from '../../db/storable-text.js';
import { AppError, badRequest } from '../../http/errors.js';
import { imageDecodeSlots } from '../../media/decode-slots.js';
import { MAX_IMAGE_BYTES, processImage } from '../../media/image-upload.js';
import { type PhotoWithVariants, withVariants } from '../../media/image-variants.js';

export const MAX_FILES = 6;
const MAX_NOTE_LENGTH = 5_000;

/** Limits handed to the multipart parser: a stranger's form cannot grow past these. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_FILES,
  fields: 4,
  fieldSize: 32 * 1024,
  parts: MAX_FILES + 4,
  headerPairs: 50,
};

export interface IntakeForm {
  note: string;
  removeBackground: boolean;
  photos: PhotoWithVariants[];
}

const tooManyFiles = () =>
  badRequest('too_many_files', `Send at most ${MAX_FILES} photos.`, 'photos');
const fileTooLarge = (name: string) =>
  new AppError(
    413,
    'file_too_large',
    `"${name.slice(0, 100)}" is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
    'photos',
  );

// The form parser's words for a body that is not a whole form: cut off part-way
// (a phone upload that drops is normal), or sent under another boundary.
const BROKEN_FORM =
  /Unexpected end of (?:multipart data|form)|Malformed part header|Boundary not found|Multipart: /i;
const isBrokenForm = (error: unknown) =>
  error instanceof Error && !(error instanceof AppError) && BROKEN_FORM.test(error.message);
const brokenForm = () =>
  badRequest('invalid_body', 'The form arrived incomplete or malformed; send it again.');

function parseRemoveBackground(value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(
    'invalid_body',
    'The field "remove_background" must be true or false.',
    'remove_background',
  );
}

/**
 * Reads the submission form part by part. Each photo is checked, re-encoded and
 * given its list sizes while the next ones are being received, as many at once as
 * there are decode slots (so one phone's submission can use every core, and ten
 * phones' still decode no more than that), and nothing is stored until the whole
 * form has proved valid. The re-encodes take turns (fullImageEncodes); a photo's
 * list sizes are made beside the next one's re-encode. The photos keep the order
 * they were sent in.
 */
export async function readIntakeForm(request: FastifyRequest): Promise<IntakeForm> {
  const errors = request.server.multipartErrors;
  const form: IntakeForm = { note: '', removeBackground: true, photos: [] };
  const seen = new Set<string>();
  // Each photo's work under way, in the order the photos came, and its re-encode alone.
  const processing: Array<Promise<PhotoWithVariants>> = [];
  const reencoding: Array<Promise<unknown>> = [];
  // Once the form is refused, list sizes not yet started are not made.
  let refused = false;
  const wanted = () => !refused;
  try {
    // The limits are the plugin's, registered with the route (MULTIPART_LIMITS).
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') {
          throw badRequest(
            'invalid_body',
            `Unknown file field "${part.fieldname.slice(0, 50)}"; send photos as "photos".`,
            part.fieldname,
          );
        }
        const file = {
          filename: part.filename,
          mimetype: part.mimetype,
          bytes: await part.toBuffer(),
        };
        // Never more raw uploads waiting than slots to decode them: the rest of the form
        // waits in the socket, not in memory.
        const ahead = reencoding.length - imageDecodeSlots.size;
        if (ahead >= 0) await reencoding[ahead]!.catch(() => {});
        const reencoded = processImage(file);
        const photo = reencoded.then((done) => withVariants(done, wanted));
        // Its refusal is reported when awaited (until then it must not count as unhandled),
        // and refuses the form: no more list sizes are started for it.
        reencoded.catch(() => {
          refused = true;
        });
        photo.catch(() => {});
        reencoding.push(reencoded);
        processing.push(photo);
        continue;
      }
      if (seen.has(part.fieldname))
        throw badRequest(
          'invalid_body',
          `The field "${part.fieldname}" is sent twice.`,
          part.fieldname,
        );
      seen.add(part.fieldname);
      const value = String(part.value);
      if (part.fieldname === 'note') {
        // The shared rule for every string the API takes; a form is not seen by the JSON validator.
        if (!isStorableText(value)) {
          throw badRequest(
            'invalid_body',
            'The note must not contain NUL characters or unpaired surrogates.',
            'note',
          );
        }
        if (value.length > MAX_NOTE_LENGTH) {
          throw badRequest(
            'invalid_body',
            `The note is longer than ${MAX_NOTE_LENGTH} characters.`,
            'note',
          );
        }
        form.note = value.trim();
      } else if (part.fieldname === 'remove_background') {
        form.removeBackground = parseRemoveBackground(value);
      } else {
        throw badRequest(
          'invalid_body',
          `Unknown field "${part.fieldname.slice(0, 50)}".`,
          part.fieldname.slice(0, 50),
        );
      }
    }
    // The first refusal in the order sent is the one reported.
    for (const photo of processing) form.photos.push(await photo);
  } catch (error) {
    refused = true;
    // The image work in progress ends before the refusal does: no work outlives the request.
    await Promise.allSettled(processing);
    if (error instanceof errors.FilesLimitError) throw tooManyFiles();
    if (error instanceof errors.RequestFileTooLargeError)
      throw fileTooLarge(
        String((error as { part?: { filename?: string } }).part?.filename ?? 'A photo'),
      );
    if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError) {
      throw badRequest('invalid_body', 'The form has more parts than a submission takes.');
    }
    if (isBrokenForm(error)) throw brokenForm();
    throw error;
  }
  if (form.photos.length === 0) throw badRequest('no_files', 'Send at least one photo.', 'photos');
  return form;
}
