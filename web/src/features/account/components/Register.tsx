import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Checkbox, Field } from '../../../components/ui/Field';
import { fieldError, formError, marketingConsentText, useRegister } from '../api';
import styles from './Account.module.css';

const FIELDS = ['first_name', 'last_name', 'email', 'password'];

export function Register() {
  const { t } = useTranslation('account');
  const register = useRegister();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    register.mutate(
      {
        first_name: String(form.get('first_name')),
        last_name: String(form.get('last_name')),
        email: String(form.get('email')),
        password: String(form.get('password')),
        marketing_consent: form.get('marketing') === 'on',
      },
      { onSuccess: () => navigate('/account?welcome=1') },
    );
  }

  const problem = formError(register.error, FIELDS);
  return (
    <div className={styles.narrow}>
      <h1>{t('register.title')}</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <div className={styles.row}>
          <Field
            label={t('fields.firstName')}
            name="first_name"
            autoComplete="given-name"
            error={fieldError(register.error, 'first_name')}
          />
          <Field
            label={t('fields.lastName')}
            name="last_name"
            autoComplete="family-name"
            error={fieldError(register.error, 'last_name')}
          />
        </div>
        <Field
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          error={fieldError(register.error, 'email')}
        />
        <Field
          label={t('fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={fieldError(register.error, 'password')}
        />
        <Checkbox name="marketing" label={marketingConsentText()} />
        <Button type="submit" wide disabled={register.isPending}>
          {register.isPending ? t('register.pending') : t('register.submit')}
        </Button>
        <div className={styles.links}>
          <Link to="/account/sign-in">{t('register.haveAccount')}</Link>
        </div>
      </form>
    </div>
  );
}
