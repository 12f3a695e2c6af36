/** A URL slug from a name: lower-case ASCII letters and digits joined by single dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
