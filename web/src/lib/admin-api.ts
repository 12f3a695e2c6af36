import { ApiError, ok } from './api-client';
import type { components, paths } from './api-types';

export type AdminItem = components['schemas']['AdminItem'];
export type AdminItemQuery = NonNullable<paths['/api/admin/items']['get']['parameters']['query']>;
export type PublishWarning = AdminItem['publish_warnings'][number];

/** Where the admin signs in; `next` brings them back to the page they were on. */
export function adminSignInPath(next = window.location.pathname + window.location.search): string {
  return `/admin/sign-in?next=${encodeURIComponent(next)}`;
}

/**
 * `ok` for admin calls: a 401 means the session ended (12 hours, or signed out
 * elsewhere), so the page goes to sign-in and comes back here afterwards.
 */
export async function adminOk<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  try {
    return await ok(call);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 401 &&
      !location.pathname.startsWith('/admin/sign-in')
    )
      window.location.assign(adminSignInPath());
    throw error;
  }
}

export const adminKeys = {
  me: ['/api/admin/me'] as const,
  items: (query: object) => ['/api/admin/items', query] as const,
  item: (id: number) => ['/api/admin/items', id] as const,
  categories: ['/api/admin/categories'] as const,
  tags: ['/api/admin/tags'] as const,
};
