import { adminApi, submitThroughLink } from './admin-api.js';
import { photoFiles } from './photos.js';

export interface SeededItem {
  id: number;
  title: string;
}

/**
 * A small catalogue made the way the shop makes one: photos arrive through an upload
 * link, the owner edits and publishes them, with a category tree and two tags.
 */
export async function seedCatalogue(baseUrl: string): Promise<SeededItem[]> {
  const admin = await adminApi(baseUrl);
  const furniture = await admin.call<{ id: number }>('POST', '/api/admin/categories', {
    name: 'Furniture',
  });
  const tables = await admin.call<{ id: number }>('POST', '/api/admin/categories', {
    name: 'Tables',
    parent_id: furniture.id,
  });
  const lighting = await admin.call<{ id: number }>('POST', '/api/admin/categories', {
    name: 'Lighting',
  });
  const teak = await admin.call<{ id: number }>('POST', '/api/admin/tags', { name: 'Teak' });
  const vintage = await admin.call<{ id: number }>('POST', '/api/admin/tags', { name: 'Vintage' });

  const pieces = [
    {
      title: 'Teak side table',
      price_cents: 8000,
      category_id: tables.id,
      tag_ids: [teak.id, vintage.id],
    },
    {
      title: 'Brass desk lamp',
      price_cents: 4500,
      category_id: lighting.id,
      tag_ids: [vintage.id],
    },
    { title: 'Oak dining table', price_cents: 42000, category_id: tables.id, tag_ids: [] },
    { title: 'Linen floor lamp', price_cents: 12950, category_id: lighting.id, tag_ids: [] },
  ];
  const link = await admin.createUploadLink('supplier@example.com', 50);
  for (const [index, piece] of pieces.entries())
    await submitThroughLink(
      baseUrl,
      link.token,
      await photoFiles(2, 1200, 1500, index),
      `${piece.title}, seeded`,
      `10.200.0.${index + 1}`,
    );

  const pending = (await admin.pendingItems()).items.sort((a, b) => a.id - b.id);
  const seeded: SeededItem[] = [];
  for (const [index, piece] of pieces.entries()) {
    const item = pending[index];
    if (!item) throw new Error('a seeded submission is missing');
    await admin.edit(item.id, {
      ...piece,
      description: `${piece.title}: one of a kind, in good condition with honest marks of use.`,
    });
    await admin.publish(item.id);
    seeded.push({ id: item.id, title: piece.title });
  }
  return seeded;
}
