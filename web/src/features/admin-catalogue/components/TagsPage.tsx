import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { useTagList, useTagWrites } from '../api';
import styles from './Catalogue.module.css';

export function TagsPage() {
  const { t } = useTranslation('admin');
  const tags = useTagList();
  const writes = useTagWrites();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string; items: number } | null>(
    null,
  );
  const error = writes.create.error ?? writes.rename.error ?? writes.remove.error;

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name')).trim();
    if (name) writes.create.mutate(name, { onSuccess: () => form.reset() });
  }

  return (
    <div className={styles.page}>
      <h1>{t('tags.title')}</h1>
      <form
        onSubmit={create}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--space-2)',
          alignItems: 'flex-end',
          marginBottom: 'var(--space-4)',
        }}
      >
        <label style={{ display: 'grid' }}>
          {t('tags.new')}
          <input name="name" required maxLength={60} />
        </label>
        <Button type="submit">{t('tags.create')}</Button>
      </form>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {tags.isPending ? (
        <Loading />
      ) : tags.isError ? (
        <PageState title={t('tags.failed')}>
          <p>{tags.error.message}</p>
        </PageState>
      ) : tags.data.tags.length === 0 ? (
        <PageState title={t('tags.none')} />
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 'var(--space-2)' }}>
          {tags.data.tags.map((tag) => (
            <li
              key={tag.id}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 'var(--space-3)',
                alignItems: 'center',
              }}
            >
              <span
                aria-hidden="true"
                style={{
                  width: '1rem',
                  height: '1rem',
                  borderRadius: '50%',
                  background: tag.colour,
                  display: 'inline-block',
                }}
              />
              {editing === tag.id ? (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    const name = String(new FormData(event.currentTarget).get('name')).trim();
                    writes.rename.mutate(
                      { id: tag.id, name },
                      { onSuccess: () => setEditing(null) },
                    );
                  }}
                  style={{ display: 'flex', gap: 'var(--space-2)' }}
                >
                  <input
                    name="name"
                    defaultValue={tag.name}
                    aria-label={t('tags.newName', { name: tag.name })}
                    maxLength={60}
                  />
                  <Button type="submit">{t('tags.save')}</Button>
                  <Button variant="quiet" onClick={() => setEditing(null)}>
                    {t('common:cancel')}
                  </Button>
                </form>
              ) : (
                <>
                  <strong>{tag.name}</strong>
                  <span>
                    {t('tags.details', {
                      slug: tag.slug,
                      colour: tag.colour,
                      count: tag.item_count,
                    })}
                  </span>
                  <Button
                    variant="quiet"
                    aria-label={t('tags.renameNamed', { name: tag.name })}
                    onClick={() => setEditing(tag.id)}
                  >
                    {t('tags.rename')}
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={t('tags.deleteNamed', { name: tag.name })}
                    onClick={() =>
                      setDeleting({ id: tag.id, name: tag.name, items: tag.item_count })
                    }
                  >
                    {t('tags.delete')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tags.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('tags.deleteConfirm')}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) writes.remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>{t('tags.deleteBody', { count: deleting?.items ?? 0 })}</p>
      </ConfirmDialog>
    </div>
  );
}
