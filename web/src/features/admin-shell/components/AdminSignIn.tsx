import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { useAdminMe, useAdminSignIn } from '../api';
import styles from './AdminShell.module.css';

/** Only paths inside the admin are followed after sign-in: never another site. */
function safeNext(next: string | null): string {
  return next?.startsWith('/admin') && !next.startsWith('//') ? next : '/admin';
}

export function AdminSignIn() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useAdminMe();
  const signIn = useAdminSignIn();
  const navigate = useNavigate();

  if (me.isPending) return <Loading />;
  if (me.data) return <Navigate to={next} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      { email: String(form.get('email')), password: String(form.get('password')) },
      { onSuccess: () => navigate(next, { replace: true }) },
    );
  }

  return (
    <main id="main" className={styles.signIn}>
      <h1>{t('signIn.title')}</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {signIn.error && (
          <Notice tone="error" role="alert">
            {signIn.error.message}
          </Notice>
        )}
        <Field
          label={t('signIn.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
        />
        <Field
          label={t('signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" wide disabled={signIn.isPending}>
          {signIn.isPending ? t('signIn.pending') : t('signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
