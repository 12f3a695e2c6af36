import { type FormEvent, useEffect, useRef, useState } from 'react';
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
  const update = useUpdateAddress();
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(address));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ id: address.id, draft }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${addressLine(address)}`}>
      <TopError error={update.error} />
      <AddressFields value={draft} onChange={setDraft} error={update.error} />
      <div className={styles.actions}>
        <Button type="submit" disabled={update.isPending}>
          Save changes
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Deleting asks first; keyboard focus moves to the question so it is read out. */
function ConfirmDelete({ address, onKeep }: { address: SavedAddress; onKeep: () => void }) {
  const remove = useDeleteAddress();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className={styles.confirm}>
      <Notice tone="error">
        <p ref={question} tabIndex={-1} className={styles.question}>
          Delete this address? Orders already sent to it keep their own copy.
        </p>
      </Notice>
      {remove.error && <p role="alert">{remove.error.message}</p>}
      <div className={styles.actions}>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(address.id)}
        >
          Delete address
        </Button>
        <Button variant="secondary" onClick={onKeep}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

function SavedAddressCard({ address }: { address: SavedAddress }) {
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
                aria-label={`Edit ${line}`}
              >
                Edit
              </Button>
              <Button
                ref={deleteButton}
                variant="quiet"
                onClick={() => setMode('delete')}
                aria-label={`Delete ${line}…`}
              >
                Delete…
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function AddAddress() {
  const create = useCreateAddress();
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(draft, { onSuccess: () => setDraft(EMPTY_ADDRESS) });
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="add-address">
      <h2 id="add-address">Add an address</h2>
      <TopError error={create.error} />
      {create.isSuccess && (
        <Notice tone="success" role="status">
          Address saved. You can pick it at checkout.
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
        Save address
      </Button>
    </form>
  );
}

export function Addresses() {
  const saved = useSavedAddresses();
  if (saved.isPending) return <Loading />;
  if (saved.isError)
    return (
      <PageState headingLevel={1} title="Your addresses could not be loaded">
        <p>{saved.error.message}</p>
      </PageState>
    );
  const addresses = saved.data.addresses;
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <>
      <h1>Your addresses</h1>
      <p className={styles.muted}>
        Saved addresses are offered at checkout. Changing one never changes an order already placed.
      </p>
      <div className={styles.sections}>
        <section aria-labelledby="saved-addresses">
          <h2 id="saved-addresses" className={styles.sectionTitle}>
            Saved addresses ({addresses.length} of {MAX_SAVED_ADDRESSES})
          </h2>
          {addresses.length === 0 ? (
            <p className={styles.card}>
              No addresses saved yet. Add one here, or tick “Save this address to my account” at
              checkout.
            </p>
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
            <h2 id="add-address">Add an address</h2>
            <p>
              You keep {MAX_SAVED_ADDRESSES} addresses, the most an account can. Delete one to add
              another.
            </p>
          </section>
        ) : (
          <AddAddress />
        )}
      </div>
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </>
  );
}
