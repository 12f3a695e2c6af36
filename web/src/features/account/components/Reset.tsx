import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { fieldError, formError, useCompleteReset } from '../api';
import { useFragmentToken } from '../fragment-token';
import styles from './Account.module.css';

/** `/account/reset#token=…`: the link from the password-reset mail. */
export function Reset() {
  const token = useFragmentToken();
  const reset = useCompleteReset();

  const badLink =
    !token || (reset.error instanceof ApiError && reset.error.code === 'invalid_token');
  if (badLink)
    return (
      <PageState
        headingLevel={1}
        title="This reset link does not work"
        action={<Link to="/account/forgot">Ask for a new link</Link>}
      >
        <p>It may have been used already, replaced by a newer link, or expired.</p>
      </PageState>
    );
  if (reset.isSuccess)
    return (
      <PageState
        headingLevel={1}
        title="Your new password is set"
        action={<ButtonLink to="/account">Go to your account</ButtonLink>}
      >
        <p>You are signed in.</p>
      </PageState>
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate({
      token: token ?? '',
      password: String(new FormData(event.currentTarget).get('password')),
    });
  }

  const problem = formError(reset.error, ['password']);
  return (
    <div className={styles.narrow}>
      <h1>Choose a new password</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={fieldError(reset.error, 'password')}
        />
        <Button type="submit" wide disabled={reset.isPending}>
          Set new password
        </Button>
      </form>
    </div>
  );
}
