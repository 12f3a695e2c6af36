import { type FormEvent, useEffect, useState } from 'react';
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
  MARKETING_CONSENT_TEXT,
  SOLD_NOTIFICATION_TEXT,
  useDeleteAccount,
  useExport,
  useResendVerification,
  useSignOut,
  useSoldNotifications,
  useUpdateProfile,
} from '../api';
import styles from './Account.module.css';

function Verification({ customer }: { customer: Customer }) {
  const resend = useResendVerification();
  if (customer.email_verified) return null;
  return (
    <Notice>
      <p>
        Please verify <strong>{customer.email}</strong>: we sent you a link.
      </p>
      {resend.isSuccess ? (
        <p role="status">A new link is on its way. Check your spam folder too.</p>
      ) : (
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Send the link again
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
      <h2 id="profile-title">Your details</h2>
      {problem && (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      )}
      {update.isSuccess && (
        <Notice tone="success" role="status">
          Saved.
          {emailChanged && ' We sent a verification link to your new address; please confirm it.'}
        </Notice>
      )}
      <div className={styles.row}>
        <Field
          label="First name"
          name="first_name"
          defaultValue={customer.first_name ?? ''}
          autoComplete="given-name"
          error={fieldError(update.error, 'first_name')}
        />
        <Field
          label="Last name"
          name="last_name"
          defaultValue={customer.last_name ?? ''}
          autoComplete="family-name"
          error={fieldError(update.error, 'last_name')}
        />
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        defaultValue={customer.email}
        autoComplete="email"
        hint="A new address must be verified again."
        error={fieldError(update.error, 'email')}
      />
      <Checkbox
        name="marketing"
        label={MARKETING_CONSENT_TEXT}
        defaultChecked={customer.marketing_consent}
      />
      <Button type="submit" disabled={update.isPending}>
        Save details
      </Button>
    </form>
  );
}

function SoldNotifications({ customer }: { customer: Customer }) {
  const change = useSoldNotifications();
  // The box follows the click at once (set in the same event, before React puts a
  // controlled input back), then the saved value once the server has answered.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <section className={styles.card} aria-labelledby="notify-title">
      <h2 id="notify-title">Notifications</h2>
      <Checkbox
        label={SOLD_NOTIFICATION_TEXT}
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
  const favorites = useFavorites(true);
  const items = favorites.data?.items ?? [];
  return (
    <section className={styles.card} aria-labelledby="favorites-title">
      <h2 id="favorites-title">Favorites</h2>
      {favorites.isPending ? (
        <p className={styles.muted}>Loading…</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>
          Nothing saved yet. Tap “Save to favorites” on a piece you like.
        </p>
      ) : (
        <ul className={styles.favorites}>
          {items.map((item) => (
            <li key={item.id}>
              {item.images[0] && <ItemImage image={item.images[0]} alt="" sizes="56px" />}
              <span>
                <Link to={`/items/${item.id}`}>{item.title}</Link>
                <br />
                <Price cents={item.price_cents} className={styles.muted} />
                {item.status === 'sold' && <span className={styles.muted}> · sold</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function YourData() {
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
      <h2 id="data-title">Your data</h2>
      <p>
        <Button
          variant="secondary"
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          Download my data
        </Button>
      </p>
      {exportData.error && <p role="alert">{exportData.error.message}</p>}
      {!confirming ? (
        <Button variant="quiet" onClick={() => setConfirming(true)}>
          Delete my account…
        </Button>
      ) : (
        <form onSubmit={submit} noValidate>
          <Notice tone="error">
            Deleting your account removes your details, favorites and sessions for good. Pieces you
            bought stay sold.
          </Notice>
          <Field
            label="Your password, to confirm"
            name="password"
            type="password"
            autoComplete="current-password"
            error={wrongPassword ?? fieldError(remove.error, 'password')}
          />
          {remove.error && !wrongPassword && <p role="alert">{remove.error.message}</p>}
          <div className={styles.links}>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              Delete my account
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export function Profile({ customer }: { customer: Customer }) {
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
      <h1>{customer.first_name ? `Hello, ${customer.first_name}` : 'Your account'}</h1>
      {welcome && (
        <Notice tone="success" role="status">
          Welcome! Your account is ready.
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
            <Link to="/account/orders">Your orders</Link>
            <Link to="/account/addresses">Your addresses</Link>
          </p>
          <Favorites />
          <YourData />
          <Button
            variant="secondary"
            onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/') })}
          >
            Sign out
          </Button>
        </div>
      </div>
    </>
  );
}
