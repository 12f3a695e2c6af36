import i18next from 'i18next';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { TextArea } from '../../../components/ui/Field';
import { ApiError, fieldErrorOf, namesOnlyFields } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format';
import { useAskAboutPiece } from '../api';
import styles from './Item.module.css';

/** The server's bound (questions.schemas.ts, MAX_QUESTION_LENGTH). */
const MAX_LENGTH = 2000;

interface Asker {
  email: string;
  email_verified: boolean;
}

/** A refusal that is not about the text itself, in words for the top of the form. */
function formProblem(error: unknown): string | undefined {
  if (!error || namesOnlyFields(error, ['message'])) return undefined;
  if (error instanceof ApiError && error.status === 429 && error.retryAfter)
    return i18next.t('ask.tooMany', { ns: 'storefront', wait: formatWait(error.retryAfter) });
  return error instanceof Error ? error.message : i18next.t('ask.failed', { ns: 'storefront' });
}

/**
 * Issue 33 item 6: a signed-in customer asks the shop about this piece; the shop
 * answers by mail. Signed out, it says how to ask; unconfirmed, why not yet.
 */
export function AskAboutPiece({ itemId, asker }: { itemId: number; asker: Asker | null }) {
  const { t } = useTranslation('storefront');
  const headingId = useId();
  const count = (n: number) => n.toLocaleString(i18next.language);
  const ask = useAskAboutPiece(itemId);
  const [message, setMessage] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    ask.mutate(message);
  }

  let body: ReactNode;
  if (!asker)
    body = (
      <p>
        <Trans t={t} i18nKey="ask.signIn" components={{ signIn: <Link to="/account/sign-in" /> }} />
      </p>
    );
  else if (!asker.email_verified) body = <Notice>{t('ask.confirmFirst')}</Notice>;
  else if (ask.isSuccess)
    body = (
      <>
        <Notice tone="success" role="status">
          {t('ask.sent', { email: ask.data.reply_to })}
        </Notice>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setMessage('');
              ask.reset();
            }}
          >
            {t('ask.again')}
          </Button>
        </div>
      </>
    );
  else {
    const problem = formProblem(ask.error);
    const over = message.length > MAX_LENGTH;
    body = (
      <form className={styles.ask} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <TextArea
          label={t('ask.label')}
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          hint={
            message.length > MAX_LENGTH * 0.9
              ? t('ask.hintCounting', {
                  email: asker.email,
                  max: count(MAX_LENGTH),
                  now: count(message.length),
                })
              : t('ask.hint', { email: asker.email, max: count(MAX_LENGTH) })
          }
          error={
            over
              ? t('ask.tooLong', { max: count(MAX_LENGTH), now: count(message.length) })
              : ask.error instanceof ApiError && ask.error.code === 'message_required'
                ? t('ask.empty')
                : fieldErrorOf(ask.error, 'message')
          }
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={ask.isPending || over}>
            {ask.isPending ? t('ask.sending') : t('ask.send')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section className={styles.askSection} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('ask.title')}</h2>
      {body}
    </section>
  );
}
