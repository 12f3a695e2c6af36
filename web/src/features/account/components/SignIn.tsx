import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { fieldError, formError, useSignIn } from '../api';
import styles from './Account.module.css';

export function SignIn() {
  const { t } = useTranslation('account');
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
      <h1>{t('signIn.title')}</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <Field
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          error={fieldError(signIn.error, 'email')}
        />
        <Field
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          error={fieldError(signIn.error, 'password')}
        />
        <Button type="submit" wide disabled={signIn.isPending}>
          {signIn.isPending ? t('signIn.pending') : t('signIn.submit')}
        </Button>
        <div className={styles.links}>
          <Link to="/account/register">{t('register.title')}</Link>
          <Link to="/account/forgot">{t('signIn.forgot')}</Link>
        </div>
      </form>
    </div>
  );
}
