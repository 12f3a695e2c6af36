import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('adminSettings');
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
      <h2 id="new-link-heading">
        {t('uploadLinks.created.heading', { email: link.contact_email })}
      </h2>
      <Notice role="status">
        {t('uploadLinks.created.onlyNow', { email: link.contact_email })}
      </Notice>
      <label>
        {t('uploadLinks.created.address')}
        <input
          readOnly
          value={link.url}
          style={{ width: '100%', font: 'inherit', padding: 'var(--space-2)' }}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div style={{ display: 'flex', gap: 'var(--space-3)', alignItems: 'center' }}>
        <CopyButton text={link.url} label={t('uploadLinks.created.copy')} />
        <Button variant="secondary" onClick={onDone}>
          {t('uploadLinks.created.done')}
        </Button>
      </div>
      <QrCode text={link.url} label={t('uploadLinks.created.qr', { email: link.contact_email })} />
    </section>
  );
}

/** How the owner tells links apart: the label, else who it went to. */
const nameOf = (link: { id: number; label: string | null; contact_email: string | null }) =>
  link.label ?? link.contact_email ?? String(link.id);

export function UploadLinksPage() {
  const { t } = useTranslation('adminSettings');
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
      <h1>{t('uploadLinks.title')}</h1>
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
        <h2 id="create-link-heading">{t('uploadLinks.create.heading')}</h2>
        {create.error && !fieldError('contact_email') && (
          <Notice tone="error" role="alert">
            {create.error.message}
          </Notice>
        )}
        <Field
          label={t('uploadLinks.create.email')}
          name="email"
          type="email"
          required
          error={fieldError('contact_email')}
          hint={t('uploadLinks.create.emailHint')}
        />
        <Field
          label={t('uploadLinks.create.label')}
          name="label"
          maxLength={100}
          hint={t('uploadLinks.create.labelHint')}
        />
        <Field
          label={t('uploadLinks.create.max')}
          name="max"
          type="number"
          min={1}
          defaultValue={20}
          hint={t('uploadLinks.create.maxHint')}
        />
        <label>
          <input type="checkbox" name="unlimited" /> {t('uploadLinks.create.unlimited')}
        </label>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('uploadLinks.create.creating') : t('uploadLinks.create.submit')}
        </Button>
      </form>

      <h2>{t('uploadLinks.list.heading')}</h2>
      {revoke.error && (
        <Notice tone="error" role="alert">
          {revoke.error.message}
        </Notice>
      )}
      {links.isPending ? (
        <Loading />
      ) : links.isError ? (
        <PageState title={t('uploadLinks.list.loadFailed')}>
          <p>{links.error.message}</p>
        </PageState>
      ) : links.data.upload_links.length === 0 ? (
        <PageState title={t('uploadLinks.list.empty')}>
          <p>{t('uploadLinks.list.emptyHint')}</p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('uploadLinks.list.label')}</th>
                <th scope="col">{t('uploadLinks.list.contact')}</th>
                <th scope="col">{t('uploadLinks.list.submissions')}</th>
                <th scope="col">{t('uploadLinks.list.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('uploadLinks.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.data.upload_links.map((link) => {
                const usedUp =
                  link.max_submissions !== null && link.submission_count >= link.max_submissions;
                const state = link.revoked_at ? 'revoked' : usedUp ? 'usedUp' : 'active';
                return (
                  <tr key={link.id}>
                    <td>{link.label ?? '—'}</td>
                    <td>{link.contact_email ?? '—'}</td>
                    <td>
                      {link.max_submissions === null
                        ? t('uploadLinks.list.countUnlimited', { count: link.submission_count })
                        : t('uploadLinks.list.count', {
                            count: link.submission_count,
                            max: link.max_submissions,
                          })}
                    </td>
                    <td>{t(`uploadLinks.states.${state}`)}</td>
                    <td>
                      {!link.revoked_at && (
                        <Button
                          variant="danger"
                          aria-label={t('uploadLinks.revoke.label', { name: nameOf(link) })}
                          onClick={() => setRevoking({ id: link.id, name: nameOf(link) })}
                        >
                          {t('uploadLinks.revoke.button')}
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
        title={t('uploadLinks.revoke.title', { name: revoking?.name ?? '' })}
        confirmLabel={t('uploadLinks.revoke.confirm')}
        danger
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      >
        <p>{t('uploadLinks.revoke.body')}</p>
      </ConfirmDialog>
    </>
  );
}
