import { AppError } from '../../http/errors.js';

/**
 * The one answer for every upload link that is not active: unknown, revoked,
 * used up, or a token no link could have (too long, undecodable, odd characters),
 * on read and on submit alike (spec 3 Upload link, 4.3 submit rule 6, read rule 1).
 * Routes and the framework's own refusals (framework-errors.ts) both build it here,
 * so no two paths can drift apart in status, code or wording.
 */
export const linkNotActive = () =>
  new AppError(
    404,
    'link_not_active',
    'This upload link is not active. Ask the shop for a new link.',
  );
