import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from '../../mail/mailer.js';

/**
 * Sends one message per recipient, each on its own (spec 6 favorite-sold rule 2):
 * every message goes out in the background after the commit, the mailer never
 * rejects, and a message that cannot be rendered is logged while the rest still
 * go.
 */
export function sendEach<T>(
  mailer: Pick<Mailer, 'sendInBackground'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  recipients: readonly T[],
  mailFor: (recipient: T) => OutgoingMail,
): void {
  for (const recipient of recipients) {
    try {
      mailer.sendInBackground(mailFor(recipient));
    } catch (error) {
      log.error({ err: error }, 'mail not rendered; the other recipients still get theirs');
    }
  }
}
