/**
 * Spec 2 consents (marketing, sold notifications) record the exact wording that
 * was shown. Wording that is only blank is no wording: opting in with it is refused.
 */
export function shownWording(text: string | undefined): string | null {
  return text?.trim() ? text : null;
}
