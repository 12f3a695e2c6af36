import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../http/errors.js';
import {
  brokenForm,
  checkFormRequest,
  isBrokenForm,
  noFiles,
} from '../../../http/multipart-form.js';
import { MAX_IMAGE_BYTES, type ProcessedImage, processImage } from '../../../media/image-upload.js';

/** Photos one request may bring: the intake's limit (spec 8: at most 6 files). */
export const MAX_PHOTOS_PER_REQUEST = 6;
/** Photos one item may carry in all: a gallery, not a dump. */
export const MAX_PHOTOS_PER_ITEM = 12;

/** Handed to the multipart parser of the photo routes: only files, nothing else. */
export const PHOTO_MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_PHOTOS_PER_REQUEST,
  fields: 1,
  fieldSize: 1024,
  parts: MAX_PHOTOS_PER_REQUEST + 1,
  headerPairs: 50,
};

/** Enough for six photos at their limit and the framing. */
export const PHOTO_BODY_LIMIT = MAX_PHOTOS_PER_REQUEST * MAX_IMAGE_BYTES + 64 * 1024;

/**
 * Reads the `photos` of an admin photo form through the intake's pipeline
 * (magic bytes, re-encode, EXIF gone, pixel and size limits): one re-encode at
 * a time, nothing stored here. `max` is how many this route takes.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  max: number,
): Promise<ProcessedImage[]> {
  checkFormRequest(request);
  const errors = request.server.multipartErrors;
  const tooMany = () =>
    badRequest('too_many_files', `Send at most ${max} photo${max === 1 ? '' : 's'}.`, 'photos');
  const photos: ProcessedImage[] = [];
  let count = 0;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type !== 'file' || part.fieldname !== 'photos') {
        throw badRequest(
          'invalid_body',
          `Unknown field "${part.fieldname.slice(0, 50)}"; send photos as "photos".`,
          part.fieldname.slice(0, 50),
        );
      }
      if (++count > max) throw tooMany();
      const bytes = await part.toBuffer();
      photos.push(await processImage({ filename: part.filename, mimetype: part.mimetype, bytes }));
    }
  } catch (error) {
    if (error instanceof errors.FilesLimitError) throw tooMany();
    if (error instanceof errors.RequestFileTooLargeError) {
      const name = String((error as { part?: { filename?: string } }).part?.filename ?? 'A photo');
      throw new AppError(
        413,
        'file_too_large',
        `"${name.slice(0, 100)}" is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
        'photos',
      );
    }
    if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError)
      throw badRequest('invalid_body', 'The form has more parts than this route takes.');
    if (isBrokenForm(error)) throw brokenForm();
    throw error;
  }
  if (photos.length === 0) throw noFiles();
  return photos;
}
