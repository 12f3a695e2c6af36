import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('account');
  const token = useFragmentToken();
  const reset = useCompleteReset();

  const badLink =
    !token || (reset.error instanceof ApiError && reset.error.code === 'invalid_token');
  if (badLink)
    return (
      <PageState
        headingLevel={1}
        title={t('reset.badTitle')}
        action={<Link to="/account/forgot">{t('reset.askNew')}</Link>}
      >
        <p>{t('badLink')}</p>
      </PageState>
    );
  if (reset.isSuccess)
    return (
      <PageState
        headingLevel={1}
        title={t('reset.doneTitle')}
        action={<ButtonLink to="/account">{t('reset.toAccount')}</ButtonLink>}
      >
        <p>{t('reset.signedIn')}</p>
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
      <h1>{t('reset.title')}</h1>
      <form className={styles.card} onSubmit={submit} noValidate>
        {problem && (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        )}
        <Field
          label={t('fields.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          error={fieldError(reset.error, 'password')}
        />
        <Button type="submit" wide disabled={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}
