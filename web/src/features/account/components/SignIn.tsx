import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { fieldError, formError, useSignIn } from '../api';
import styles from './Account.module.css';

export function SignIn() {
  const signIn = useSignIn();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      { email: String(form.get('email')), password: String(form.get('password')) },
      { onSuccess: () => navigate('/account') },
    );
  }

  const problem = formError(signIn.error, ['email', 'password']);
  return (
    <div className={styles.narrow}>
      <h1>Sign in</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={fieldError(signIn.error, 'email')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={fieldError(signIn.error, 'password')}
        />
        <Button type="submit" wide disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <div className={styles.links}>
          <Link to="/account/register">Create an account</Link>
          <Link to="/account/forgot">Forgot your password?</Link>
        </div>
      </form>
    </div>
  );
}
