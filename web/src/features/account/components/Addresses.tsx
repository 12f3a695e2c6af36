import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type AddressDraft,
  AddressFields,
  addressLine,
  draftOf,
  EMPTY_ADDRESS,
  isAddressFieldError,
} from '../../../components/address/AddressFields';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { PostalAddress } from '../../../components/ui/PostalAddress';
import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  useCreateAddress,
  useSavedAddresses,
} from '../../../lib/address-queries';
import { useDeleteAddress, useUpdateAddress } from '../api';
import styles from './Account.module.css';

/** A refusal not tied to one field (the limit, a vanished address), shown above the form. */
function TopError({ error }: { error: Error | null }) {
  if (!error || isAddressFieldError(error)) return null;
  return (
    <Notice tone="error" role="alert">
      {error.message}
    </Notice>
  );
}

function EditAddress({ address, onDone }: { address: SavedAddress; onDone: () => void }) {
  const { t } = useTranslation('account');
  const update = useUpdateAddress();
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(address));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ id: address.id, draft }, { onSuccess: onDone });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('addresses.edit', { address: addressLine(address) })}
    >
      <TopError error={update.error} />
      <AddressFields value={draft} onChange={setDraft} error={update.error} />
      <div className={styles.actions}>
        <Button type="submit" disabled={update.isPending}>
          {t('addresses.saveChanges')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('common:cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Deleting asks first; keyboard focus moves to the question so it is read out. */
function ConfirmDelete({ address, onKeep }: { address: SavedAddress; onKeep: () => void }) {
  const { t } = useTranslation('account');
  const remove = useDeleteAddress();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className={styles.confirm}>
      <Notice tone="error">
        <p ref={question} tabIndex={-1} className={styles.question}>
          {t('addresses.deleteQuestion')}
        </p>
      </Notice>
      {remove.error && <p role="alert">{remove.error.message}</p>}
      <div className={styles.actions}>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(address.id)}
        >
          {t('addresses.delete')}
        </Button>
        <Button variant="secondary" onClick={onKeep}>
          {t('addresses.keep')}
        </Button>
      </div>
    </div>
  );
}

function SavedAddressCard({ address }: { address: SavedAddress }) {
  const { t } = useTranslation('account');
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  // After "Keep it" or "Cancel", keyboard focus goes back to the button that opened it.
  const returnFocus = useRef<'edit' | 'delete' | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode !== 'view' || !returnFocus.current) return;
    (returnFocus.current === 'edit' ? editButton : deleteButton).current?.focus();
    returnFocus.current = null;
  }, [mode]);
  const back = (from: 'edit' | 'delete') => () => {
    returnFocus.current = from;
    setMode('view');
  };
  const line = addressLine(address);
  return (
    <li className={styles.card} aria-label={line}>
      {mode === 'edit' ? (
        <EditAddress address={address} onDone={back('edit')} />
      ) : (
        <div className={mode === 'view' ? styles.saved : undefined}>
          <PostalAddress address={address} showPhone />
          {mode === 'delete' ? (
            <ConfirmDelete address={address} onKeep={back('delete')} />
          ) : (
            <div className={styles.actions}>
              <Button
                ref={editButton}
                variant="secondary"
                onClick={() => setMode('edit')}
                aria-label={t('addresses.edit', { address: line })}
              >
                {t('addresses.editShort')}
              </Button>
              <Button
                ref={deleteButton}
                variant="quiet"
                onClick={() => setMode('delete')}
                aria-label={t('addresses.deleteStart', { address: line })}
              >
                {t('addresses.deleteStartShort')}
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function AddAddress() {
  const { t } = useTranslation('account');
  const create = useCreateAddress();
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(draft, { onSuccess: () => setDraft(EMPTY_ADDRESS) });
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="add-address">
      <h2 id="add-address">{t('addresses.add')}</h2>
      <TopError error={create.error} />
      {create.isSuccess && (
        <Notice tone="success" role="status">
          {t('addresses.saved')}
        </Notice>
      )}
      <AddressFields
        value={draft}
        onChange={(next) => {
          if (create.isSuccess) create.reset();
          setDraft(next);
        }}
        error={create.error}
      />
      <Button type="submit" disabled={create.isPending}>
        {t('addresses.save')}
      </Button>
    </form>
  );
}

export function Addresses() {
  const { t } = useTranslation('account');
  const saved = useSavedAddresses();
  if (saved.isPending) return <Loading />;
  if (saved.isError)
    return (
      <PageState headingLevel={1} title={t('addresses.failed')}>
        <p>{saved.error.message}</p>
      </PageState>
    );
  const addresses = saved.data.addresses;
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <>
      <h1>{t('profile.addresses')}</h1>
      <p className={styles.muted}>{t('addresses.intro')}</p>
      <div className={styles.sections}>
        <section aria-labelledby="saved-addresses">
          <h2 id="saved-addresses" className={styles.sectionTitle}>
            {t('addresses.savedCount', { count: addresses.length, max: MAX_SAVED_ADDRESSES })}
          </h2>
          {addresses.length === 0 ? (
            <p className={styles.card}>{t('addresses.none')}</p>
          ) : (
            <ul className={styles.addresses}>
              {addresses.map((address) => (
                <SavedAddressCard key={address.id} address={address} />
              ))}
            </ul>
          )}
        </section>
        {full ? (
          <section className={styles.card} aria-labelledby="add-address">
            <h2 id="add-address">{t('addresses.add')}</h2>
            <p>{t('addresses.full', { max: MAX_SAVED_ADDRESSES })}</p>
          </section>
        ) : (
          <AddAddress />
        )}
      </div>
      <p>
        <Link to="/account">{t('addresses.back')}</Link>
      </p>
    </>
  );
}
