import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
    return `You have sent the shop many questions in a short time. You can ask again in ${formatWait(error.retryAfter)}.`;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * Issue 33 item 6: a signed-in customer asks the shop about this piece; the shop
 * answers by mail. Signed out, it says how to ask; unconfirmed, why not yet.
 */
export function AskAboutPiece({ itemId, asker }: { itemId: number; asker: Asker | null }) {
  const headingId = useId();
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
        <Link to="/account/sign-in">Sign in</Link> to ask the shop about this piece; the answer
        comes by email.
      </p>
    );
  else if (!asker.email_verified)
    body = (
      <Notice>
        Confirm your email address first (we sent you a link), so the shop’s answer reaches you.
      </Notice>
    );
  else if (ask.isSuccess)
    body = (
      <>
        <Notice tone="success" role="status">
          Your question has been sent. The shop will answer by email to {ask.data.reply_to}.
        </Notice>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setMessage('');
              ask.reset();
            }}
          >
            Ask something else
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
          label="Your question"
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          hint={`The shop answers by email to ${asker.email}. Up to ${MAX_LENGTH.toLocaleString()} characters${
            message.length > MAX_LENGTH * 0.9 ? ` (${message.length.toLocaleString()} now)` : ''
          }.`}
          error={
            over
              ? `Please shorten your question to ${MAX_LENGTH.toLocaleString()} characters; it has ${message.length.toLocaleString()}.`
              : ask.error instanceof ApiError && ask.error.code === 'message_required'
                ? 'Please write your question first.'
                : fieldErrorOf(ask.error, 'message')
          }
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={ask.isPending || over}>
            {ask.isPending ? 'Sending…' : 'Send question'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section className={styles.askSection} aria-labelledby={headingId}>
      <h2 id={headingId}>Ask about this piece</h2>
      {body}
    </section>
  );
}
