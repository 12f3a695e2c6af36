import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { fieldError, formError, useRequestReset } from '../api';
import styles from './Account.module.css';

export function Forgot() {
  const { t } = useTranslation('account');
  const request = useRequestReset();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email')));
  }

  return (
    <div className={styles.narrow}>
      <h1>{t('forgot.title')}</h1>
      {request.isSuccess ? (
        // The same words whatever the address: the page never tells who has an account.
        <Notice tone="success" role="status">
          {t('forgot.sent')}
        </Notice>
      ) : (
        <form className={styles.card} onSubmit={submit} noValidate>
          {formError(request.error, ['email']) && (
            <Notice tone="error" role="alert">
              {formError(request.error, ['email'])}
            </Notice>
          )}
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            error={fieldError(request.error, 'email')}
          />
          <Button type="submit" wide disabled={request.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <div className={styles.links}>
        <Link to="/account/sign-in">{t('forgot.back')}</Link>
      </div>
    </div>
  );
}
