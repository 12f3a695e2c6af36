import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { fieldError, formError, useRequestReset } from '../api';
import styles from './Account.module.css';

export function Forgot() {
  const request = useRequestReset();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email')));
  }

  return (
    <div className={styles.narrow}>
      <h1>Reset your password</h1>
      {request.isSuccess ? (
        // The same words whatever the address: the page never tells who has an account.
        <Notice tone="success" role="status">
          If an account uses that address, we have sent it a link to choose a new password. The link
          works for a limited time; check your spam folder if it does not arrive.
        </Notice>
      ) : (
        <form className={styles.card} onSubmit={submit} noValidate>
          {formError(request.error, ['email']) && (
            <Notice tone="error" role="alert">
              {formError(request.error, ['email'])}
            </Notice>
          )}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            error={fieldError(request.error, 'email')}
          />
          <Button type="submit" wide disabled={request.isPending}>
            Send me a reset link
          </Button>
        </form>
      )}
      <div className={styles.links}>
        <Link to="/account/sign-in">Back to sign in</Link>
      </div>
    </div>
  );
}
