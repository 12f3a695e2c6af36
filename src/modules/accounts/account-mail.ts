import type { Config } from '../../config.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { passwordResetMail } from '../../mail/templates/password-reset.js';
import { renderMail } from '../../mail/templates/template.js';
import { verificationMail } from '../../mail/templates/verification.js';

interface Recipient {
  email: string;
  first_name: string | null;
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

export function verificationMailFor(
  config: Pick<Config, 'publicBaseUrl'>,
  customer: Recipient,
  token: string,
): OutgoingMail {
  return {
    to: customer.email,
    ...renderMail(verificationMail, {
      verifyUrl: accountLink(config, 'verify', token),
      firstName: customer.first_name,
    }),
  };
}

export function passwordResetMailFor(
  config: Pick<Config, 'publicBaseUrl'>,
  customer: Recipient,
  token: string,
): OutgoingMail {
  return {
    to: customer.email,
    ...renderMail(passwordResetMail, {
      resetUrl: accountLink(config, 'reset', token),
      firstName: customer.first_name,
    }),
  };
}
