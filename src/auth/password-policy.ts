import common from './common-passwords.json' with { type: 'json' };
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.js';

// The bundled list is lower-cased, so "Password1" is as common as "password1".
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(common.passwords);

/**
 * Why a customer's new password is refused, or null when it is acceptable:
 * 8 to 128 characters (counted as Unicode code points), no composition rules,
 * and not among the most common passwords (issue 4; NIST SP 800-63B).
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH)
    return `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommonPassword(password))
    return 'This password is among the most commonly used ones. Choose another.';
  return null;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
