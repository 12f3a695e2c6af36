import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { useTagList, useTagWrites } from '../api';
import styles from './Catalogue.module.css';

export function TagsPage() {
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
      <h1>Tags</h1>
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
          New tag
          <input name="name" required maxLength={60} />
        </label>
        <Button type="submit">Create tag</Button>
      </form>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {tags.isPending ? (
        <Loading />
      ) : tags.isError ? (
        <PageState title="The tags could not be loaded">
          <p>{tags.error.message}</p>
        </PageState>
      ) : tags.data.tags.length === 0 ? (
        <PageState title="No tags yet" />
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
                    aria-label={`New name for ${tag.name}`}
                    maxLength={60}
                  />
                  <Button type="submit">Save</Button>
                  <Button variant="quiet" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <strong>{tag.name}</strong>
                  <span>
                    {tag.slug} · {tag.colour} · {tag.item_count} items
                  </span>
                  <Button
                    variant="quiet"
                    aria-label={`Rename ${tag.name}`}
                    onClick={() => setEditing(tag.id)}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Delete ${tag.name}`}
                    onClick={() =>
                      setDeleting({ id: tag.id, name: tag.name, items: tag.item_count })
                    }
                  >
                    Delete
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the tag “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete tag"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) writes.remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          {deleting?.items
            ? `It is taken off its ${deleting.items === 1 ? 'item' : `${deleting.items} items`}. `
            : ''}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
