import { type FormEvent, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Checkbox, Field } from '../../../components/ui/Field';
import { ItemImage } from '../../../components/ui/ItemImage';
import { Price } from '../../../components/ui/Price';
import { ApiError, type Customer } from '../../../lib/api-client';
import { useFavorites } from '../../../lib/queries';
import {
  fieldError,
  formError,
  marketingConsentText,
  soldNotificationText,
  useDeleteAccount,
  useExport,
  useResendVerification,
  useSignOut,
  useSoldNotifications,
  useUpdateProfile,
} from '../api';
import styles from './Account.module.css';

function Verification({ customer }: { customer: Customer }) {
  const { t } = useTranslation('account');
  const resend = useResendVerification();
  if (customer.email_verified) return null;
  return (
    <Notice>
      <p>
        <Trans
          t={t}
          i18nKey="profile.verifyPlease"
          values={{ email: customer.email }}
          components={{ strong: <strong /> }}
        />
      </p>
      {resend.isSuccess ? (
        <p role="status">{t('profile.resent')}</p>
      ) : (
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {t('profile.resend')}
        </Button>
      )}
      {resend.error && (
        // 429: the server's message says the mail was probably sent and to check spam.
        <p role="alert">{resend.error.message}</p>
      )}
    </Notice>
  );
}

function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const [emailChanged, setEmailChanged] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email')).trim();
    update.mutate(
      {
        first_name: String(form.get('first_name')),
        last_name: String(form.get('last_name')),
        email,
        marketing_consent: form.get('marketing') === 'on',
      },
      { onSuccess: () => setEmailChanged(email.toLowerCase() !== customer.email.toLowerCase()) },
    );
  }

  const problem = formError(update.error, ['first_name', 'last_name', 'email']);
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">{t('profile.details')}</h2>
      {problem && (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      )}
      {update.isSuccess && (
        <Notice tone="success" role="status">
          {emailChanged ? t('profile.savedNewEmail') : t('profile.saved')}
        </Notice>
      )}
      <div className={styles.row}>
        <Field
          label={t('fields.firstName')}
          name="first_name"
          defaultValue={customer.first_name ?? ''}
          autoComplete="given-name"
          error={fieldError(update.error, 'first_name')}
        />
        <Field
          label={t('fields.lastName')}
          name="last_name"
          defaultValue={customer.last_name ?? ''}
          autoComplete="family-name"
          error={fieldError(update.error, 'last_name')}
        />
      </div>
      <Field
        label={t('fields.email')}
        name="email"
        type="email"
        defaultValue={customer.email}
        autoComplete="email"
        hint={t('profile.emailHint')}
        error={fieldError(update.error, 'email')}
      />
      <Checkbox
        name="marketing"
        label={marketingConsentText()}
        defaultChecked={customer.marketing_consent}
      />
      <Button type="submit" disabled={update.isPending}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

function SoldNotifications({ customer }: { customer: Customer }) {
  const { t } = useTranslation('account');
  const change = useSoldNotifications();
  // The box follows the click at once (set in the same event, before React puts a
  // controlled input back), then the saved value once the server has answered.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <section className={styles.card} aria-labelledby="notify-title">
      <h2 id="notify-title">{t('profile.notifications')}</h2>
      <Checkbox
        label={soldNotificationText()}
        checked={asked ?? customer.sold_notifications}
        disabled={change.isPending}
        onChange={(event) => {
          setAsked(event.target.checked);
          change.mutate(event.target.checked, { onSettled: () => setAsked(null) });
        }}
        error={change.error?.message}
      />
    </section>
  );
}

function Favorites() {
  const { t } = useTranslation('account');
  const favorites = useFavorites(true);
  const items = favorites.data?.items ?? [];
  return (
    <section className={styles.card} aria-labelledby="favorites-title">
      <h2 id="favorites-title">{t('profile.favorites')}</h2>
      {favorites.isPending ? (
        <p className={styles.muted}>{t('common:loading')}</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('profile.noFavorites')}</p>
      ) : (
        <ul className={styles.favorites}>
          {items.map((item) => (
            <li key={item.id}>
              {item.images[0] && <ItemImage image={item.images[0]} alt="" sizes="56px" />}
              <span>
                <Link to={`/items/${item.id}`}>{item.title}</Link>
                <br />
                <Price cents={item.price_cents} className={styles.muted} />
                {item.status === 'sold' && (
                  <span className={styles.muted}> · {t('profile.soldMark')}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function YourData() {
  const { t } = useTranslation('account');
  const exportData = useExport();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.mutate(String(new FormData(event.currentTarget).get('password')));
  }

  const wrongPassword =
    remove.error instanceof ApiError && remove.error.code === 'invalid_credentials'
      ? remove.error.message
      : undefined;
  return (
    <section className={styles.card} aria-labelledby="data-title">
      <h2 id="data-title">{t('profile.data')}</h2>
      <p>
        <Button
          variant="secondary"
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          {t('profile.download')}
        </Button>
      </p>
      {exportData.error && <p role="alert">{exportData.error.message}</p>}
      {!confirming ? (
        <Button variant="quiet" onClick={() => setConfirming(true)}>
          {t('profile.deleteStart')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate>
          <Notice tone="error">{t('profile.deleteWarning')}</Notice>
          <Field
            label={t('profile.confirmPassword')}
            name="password"
            type="password"
            autoComplete="current-password"
            error={wrongPassword ?? fieldError(remove.error, 'password')}
          />
          {remove.error && !wrongPassword && <p role="alert">{remove.error.message}</p>}
          <div className={styles.links}>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {t('profile.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('profile.keep')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export function Profile({ customer }: { customer: Customer }) {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // Welcomed once: the flag leaves the address, so a reload or a bookmark does not repeat it.
  const [welcome] = useState(() => search.get('welcome') !== null);
  useEffect(() => {
    if (search.has('welcome')) setSearch({}, { replace: true });
  }, [search, setSearch]);
  return (
    <>
      <h1>
        {customer.first_name
          ? t('profile.hello', { name: customer.first_name })
          : t('profile.title')}
      </h1>
      {welcome && (
        <Notice tone="success" role="status">
          {t('profile.welcome')}
        </Notice>
      )}
      <Verification customer={customer} />
      <div className={styles.sections}>
        <div>
          <ProfileForm customer={customer} />
          <SoldNotifications customer={customer} />
        </div>
        <div>
          <p className={styles.accountLinks}>
            <Link to="/account/orders">{t('profile.orders')}</Link>
            <Link to="/account/addresses">{t('profile.addresses')}</Link>
          </p>
          <Favorites />
          <YourData />
          <Button
            variant="secondary"
            onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/') })}
          >
            {t('profile.signOut')}
          </Button>
        </div>
      </div>
    </>
  );
}
