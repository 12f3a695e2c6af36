/** Addresses are stored trimmed and lower-cased and compared that way, for admins and customers alike. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
