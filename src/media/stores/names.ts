import path from 'node:path';

const SAFE_SEGMENT = /^[a-z0-9-]+$/;
/**
 * The shape of every stored name (`put` makes `folder/<32 hex>.ext`; older seeds
 * made `seed/placeholder-1.jpg`): one folder, no dots but the extension's, so never a traversal.
 */
export const STORED_NAME = /^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;

/** `folder/<random>.<extension>` after checking both parts (they become keys and file names). */
export function storedName(folder: string, extension: string, random: string): string {
  if (!SAFE_SEGMENT.test(folder) || !SAFE_SEGMENT.test(extension))
    throw new Error('unsafe media name');
  return `${folder}/${random}.${extension}`;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream';
}
