/**
 * Which catalogues a page needs before its first render: the shared ones and the
 * namespace of the area its path is in. The client loads them before rendering;
 * the build writes this table beside the catalogues (vite.config.ts) so the server
 * puts them into the page itself, and the first render waits for no request.
 */
export const SHARED_NAMESPACES = ['common', 'errors'] as const;

/** An area's path prefix and its namespace; the first prefix the path starts with wins. */
export const AREA_NAMESPACES: ReadonlyArray<readonly [prefix: string, namespace: string]> = [
  // An order opened from a mail's link renders with its catalogue.
  ['/account/orders', 'orders'],
  ['/account', 'account'],
  ['/admin', 'admin'],
  ['/cart', 'cart'],
  ['/upload/', 'upload'],
];

/** Every other page: the storefront's. */
export const DEFAULT_NAMESPACE = 'storefront';

export function firstNamespaces(pathname: string): string[] {
  const area = AREA_NAMESPACES.find(([prefix]) => pathname.startsWith(prefix));
  return [...SHARED_NAMESPACES, area ? area[1] : DEFAULT_NAMESPACE];
}
