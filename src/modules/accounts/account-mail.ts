import type { Config, ShopLanguage } from '../../config.js';
import type { CustomerTokenKind } from '../../db/schema.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { passwordResetMail } from '../../mail/templates/password-reset.js';
import { renderMail } from '../../mail/templates/template.js';
import { verificationMail } from '../../mail/templates/verification.js';

interface Recipient {
  email: string;
  first_name: string | null;
  /** Their own choice; without one the mail is in the shop's language (SHOP_LANGUAGE). */
  language?: ShopLanguage | null;
}

/**
 * `{PUBLIC_BASE_URL}/account/verify#token=…`: the token sits in the fragment,
 * which browsers never send, so it never reaches a server log (contract).
 */
export function accountLink(
  config: Pick<Config, 'publicBaseUrl'>,
  page: 'verify' | 'reset',
  token: string,
): string {
  return `${config.publicBaseUrl.origin}/account/${page}#token=${token}`;
}

/** The mail that carries a fresh token of its kind to the page that uses it. */
export function accountMailFor(
  config: Pick<Config, 'publicBaseUrl' | 'shopLanguage'>,
  kind: CustomerTokenKind,
  customer: Recipient,
  token: string,
): OutgoingMail {
  const firstName = customer.first_name;
  const language = customer.language ?? config.shopLanguage;
  const rendered =
    kind === 'verify_email'
      ? renderMail(
          verificationMail,
          { verifyUrl: accountLink(config, 'verify', token), firstName },
          language,
        )
      : renderMail(
          passwordResetMail,
          { resetUrl: accountLink(config, 'reset', token), firstName },
          language,
        );
  return { to: customer.email, ...rendered };
}
