import multipart from '@fastify/multipart';
import type { App } from '../../../context.js';
import { errors, IdParams, NoContent } from '../../../http/schemas.js';
import { AdminItem, ItemImageParams } from '../admin-items.schemas.js';
import { ImageOrderBody } from './item-photos.schemas.js';
import type { ItemPhotosService } from './item-photos.service.js';
import {
  MAX_PHOTOS_PER_REQUEST,
  PHOTO_BODY_LIMIT,
  PHOTO_MULTIPART_LIMITS,
  readPhotoForm,
} from './item-photos-form.js';

const tags = ['admin'];
const item = AdminItem;

/** /api/admin/items/:id/images…: registered inside the admin guard, with its own form parser. */
export async function itemPhotoRoutes(app: App, photos: ItemPhotosService): Promise<void> {
  await app.register(multipart, { limits: PHOTO_MULTIPART_LIMITS });

  app.post(
    '/items/:id/images',
    {
      schema: {
        tags,
        summary: `Add 1–${MAX_PHOTOS_PER_REQUEST} photos (multipart field "photos", the intake's checks); 201 with the item`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: item, ...errors(400, 401, 404, 409, 413, 415) },
      },
      bodyLimit: PHOTO_BODY_LIMIT,
      config: { multipart: true },
    },
    async (request, reply) => {
      await photos.requireItem(request.params.id);
      const processed = await readPhotoForm(request, MAX_PHOTOS_PER_REQUEST);
      return reply.code(201).send(await photos.add(request.params.id, processed));
    },
  );

  app.put(
    '/items/:id/images/order',
    {
      schema: {
        tags,
        summary: 'Put the photos in a new order (every image id once)',
        params: IdParams,
        body: ImageOrderBody,
        response: { 200: item, ...errors(400, 401, 404, 415) },
      },
    },
    async (request) => photos.reorder(request.params.id, request.body.image_ids),
  );

  app.put(
    '/items/:id/images/:image_id',
    {
      schema: {
        tags,
        summary: 'Replace one photo by a new one (multipart field "photos", one file); same place',
        consumes: ['multipart/form-data'],
        params: ItemImageParams,
        response: { 200: item, ...errors(400, 401, 404, 413, 415) },
      },
      bodyLimit: PHOTO_BODY_LIMIT,
      config: { multipart: true },
    },
    async (request) => {
      await photos.requireItem(request.params.id);
      const [processed] = await readPhotoForm(request, 1);
      return photos.replace(request.params.id, request.params.image_id, processed!);
    },
  );

  app.delete(
    '/items/:id/images/:image_id',
    {
      schema: {
        tags,
        summary: 'Remove one photo; its files go too',
        params: ItemImageParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await photos.remove(request.params.id, request.params.image_id);
      return reply.code(204).send(null);
    },
  );
}
