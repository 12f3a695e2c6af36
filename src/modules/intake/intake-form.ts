import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { isStorableText } from '../../db/storable-text.js';
import { AppError, badRequest } from '../../http/errors.js';
import { brokenForm, checkFormRequest, isBrokenForm, noFiles } from '../../http/multipart-form.js';
import { MAX_IMAGE_BYTES } from '../../media/image-upload.js';
import type { PhotoWithVariants } from '../../media/image-variants.js';
import { photoPipeline } from '../../media/photo-pipeline.js';

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
 * given its list sizes while the next ones are being received (photo-pipeline.ts:
 * as many images at once as there are decode slots, so one phone's submission can
 * use every core and ten phones' still decode no more than that), and nothing is
 * stored until the whole form has proved valid. The photos keep the order they
 * were sent in.
 */
export async function readIntakeForm(request: FastifyRequest): Promise<IntakeForm> {
  checkFormRequest(request);
  const errors = request.server.multipartErrors;
  const form: IntakeForm = { note: '', removeBackground: true, photos: [] };
  const seen = new Set<string>();
  const pipeline = photoPipeline();
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
        await pipeline.add({
          filename: part.filename,
          mimetype: part.mimetype,
          bytes: await part.toBuffer(),
        });
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
    form.photos = await pipeline.photos();
  } catch (error) {
    // The image work in progress ends before the refusal does: no work outlives the request.
    await pipeline.refuse();
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
  if (form.photos.length === 0) throw noFiles();
  return form;
}
