import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { TableFrame } from '../../../components/ui/TableFrame';
import { useCreateUploadLink, useRevokeUploadLink, useUploadLinks } from '../api';
import { QrCode } from './QrCode';
import styles from './UploadLinks.module.css';

type Created = NonNullable<ReturnType<typeof useCreateUploadLink>['data']>;

/** The token URL, shown this once (the server keeps only a digest): copy it or scan it. */
function ShownOnce({ link, onDone }: { link: Created; onDone: () => void }) {
  return (
    <section
      aria-labelledby="new-link-heading"
      style={{
        background: 'var(--colour-surface)',
        border: '1px solid var(--colour-line)',
        borderRadius: 'var(--radius-lg)',
        padding: 'var(--space-4)',
        display: 'grid',
        gap: 'var(--space-3)',
        marginBottom: 'var(--space-5)',
      }}
    >
      <h2 id="new-link-heading">New link for {link.contact_email}</h2>
      <Notice role="status">
        This address is shown only now. Copy it or let the person scan the code; it was also mailed
        to {link.contact_email}.
      </Notice>
      <label>
        Upload address
        <input
          readOnly
          value={link.url}
          style={{ width: '100%', font: 'inherit', padding: 'var(--space-2)' }}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div style={{ display: 'flex', gap: 'var(--space-3)', alignItems: 'center' }}>
        <CopyButton text={link.url} label="Copy address" />
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
      <QrCode text={link.url} label={`QR code of the upload address for ${link.contact_email}`} />
    </section>
  );
}

/** How the owner tells links apart: the label, else who it went to. */
const nameOf = (link: { id: number; label: string | null; contact_email: string | null }) =>
  link.label ?? link.contact_email ?? String(link.id);

export function UploadLinksPage() {
  const links = useUploadLinks();
  const create = useCreateUploadLink();
  const revoke = useRevokeUploadLink();
  const [created, setCreated] = useState<Created | null>(null);
  // The link a revoke is being asked about (issue 30 item 13: it cannot be undone).
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const cap = String(form.get('max') ?? '').trim();
    const label = String(form.get('label') ?? '').trim();
    create.mutate(
      {
        contact_email: String(form.get('email')).trim(),
        ...(label ? { label } : {}),
        ...(form.get('unlimited')
          ? { max_submissions: null }
          : cap
            ? { max_submissions: Number(cap) }
            : {}),
      },
      {
        onSuccess: (link) => {
          setCreated(link);
          formElement.reset();
        },
      },
    );
  }

  const fieldError = (name: string) =>
    create.error && 'field' in create.error && create.error.field === name
      ? create.error.message
      : undefined;

  return (
    <>
      <h1>Upload links</h1>
      {created && <ShownOnce link={created} onDone={() => setCreated(null)} />}
      <form
        onSubmit={submit}
        noValidate
        style={{
          display: 'grid',
          gap: 'var(--space-3)',
          maxWidth: '32rem',
          marginBottom: 'var(--space-5)',
        }}
        aria-labelledby="create-link-heading"
      >
        <h2 id="create-link-heading">Create a link</h2>
        {create.error && !fieldError('contact_email') && (
          <Notice tone="error" role="alert">
            {create.error.message}
          </Notice>
        )}
        <Field
          label="Contact email"
          name="email"
          type="email"
          required
          error={fieldError('contact_email')}
          hint="The link is mailed to this address."
        />
        <Field
          label="Label"
          name="label"
          maxLength={100}
          hint="For you: who or what the link is for."
        />
        <Field
          label="Most submissions"
          name="max"
          type="number"
          min={1}
          defaultValue={20}
          hint="20 unless you change it."
        />
        <label>
          <input type="checkbox" name="unlimited" /> No limit
        </label>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </Button>
      </form>

      <h2>All links</h2>
      {revoke.error && (
        <Notice tone="error" role="alert">
          {revoke.error.message}
        </Notice>
      )}
      {links.isPending ? (
        <Loading />
      ) : links.isError ? (
        <PageState title="The links could not be loaded">
          <p>{links.error.message}</p>
        </PageState>
      ) : links.data.upload_links.length === 0 ? (
        <PageState title="No upload links yet">
          <p>Create one above and send it to someone with things to sell.</p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Contact</th>
                <th scope="col">Submissions</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.data.upload_links.map((link) => {
                const usedUp =
                  link.max_submissions !== null && link.submission_count >= link.max_submissions;
                const state = link.revoked_at ? 'Revoked' : usedUp ? 'Used up' : 'Active';
                return (
                  <tr key={link.id}>
                    <td>{link.label ?? '—'}</td>
                    <td>{link.contact_email ?? '—'}</td>
                    <td>
                      {link.submission_count} of {link.max_submissions ?? 'unlimited'}
                    </td>
                    <td>{state}</td>
                    <td>
                      {!link.revoked_at && (
                        <Button
                          variant="danger"
                          aria-label={`Revoke the link ${nameOf(link)}`}
                          onClick={() => setRevoking({ id: link.id, name: nameOf(link) })}
                        >
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the link “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke link"
        danger
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      >
        <p>
          Nobody can send photos through it any more: whoever has it is told it is not active.
          Pieces already sent through it stay. A revoked link cannot be turned back on; make a new
          one if it is needed again.
        </p>
      </ConfirmDialog>
    </>
  );
}
