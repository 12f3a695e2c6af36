import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { useCategoryTree, useCategoryWrites } from '../api';
import styles from './Catalogue.module.css';
import { type CategoryDrag, useCategoryDrag } from './category-drag';

interface Node {
  id: number;
  name: string;
  slug: string;
  children: Node[];
}

function flatten(nodes: Node[], depth = 0): Array<{ node: Node; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

/**
 * One category: rename, move under another (pick a parent), delete. Keyboard: Tab to
 * "Change", Enter opens the form with focus in the name, Escape closes it and focus
 * goes back to "Change".
 */
function Row({
  node,
  parentId,
  all,
  drag,
}: {
  node: Node;
  parentId: number | null;
  all: Array<{ node: Node; depth: number }>;
  drag: CategoryDrag;
}) {
  const { t } = useTranslation('admin');
  const writes = useCategoryWrites();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <li {...drag.source(node.id)}>
      <span
        className={`${styles.name} ${drag.isOver(node.id) ? styles.dropping : ''}`}
        {...drag.target(node.id)}
      >
        {node.name}
      </span>{' '}
      <Button
        ref={opener}
        variant="quiet"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        aria-label={t('categories.changeNamed', { name: node.name })}
      >
        {t('categories.change')}
      </Button>
      {open && (
        <form
          aria-label={t('categories.changeNamed', { name: node.name })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const parent = String(form.get('parent'));
            writes.update.mutate(
              {
                id: node.id,
                name: String(form.get('name')).trim(),
                parent_id: parent ? Number(parent) : null,
              },
              { onSuccess: close },
            );
          }}
          className={styles.edit}
        >
          <label>
            {t('categories.name')}{' '}
            <input
              name="name"
              defaultValue={node.name}
              maxLength={100}
              // Opened by the owner's own Enter or click: focus goes where they type next.
              // biome-ignore lint/a11y/noAutofocus: focus follows the owner's action
              autoFocus
            />
          </label>
          <label>
            {t('categories.parent')} {/* Where it is now, so a rename alone does not move it. */}
            <select name="parent" defaultValue={parentId === null ? '' : String(parentId)}>
              <option value="">{t('categories.topLevel')}</option>
              {all
                .filter((option) => option.node.id !== node.id)
                .map((option) => (
                  <option key={option.node.id} value={option.node.id}>
                    {'\u00a0\u00a0'.repeat(option.depth * 2)}
                    {option.node.name}
                  </option>
                ))}
            </select>
          </label>
          <Button type="submit">{t('categories.save')}</Button>
          <Button variant="danger" onClick={() => writes.remove.mutate(node.id)}>
            {t('categories.delete')}
          </Button>
        </form>
      )}
      {(writes.update.error ?? writes.remove.error) && (
        <Notice tone="error" role="alert">
          {(writes.update.error ?? writes.remove.error)?.message}
        </Notice>
      )}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <Row key={child.id} node={child} parentId={node.id} all={all} drag={drag} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation('admin');
  const tree = useCategoryTree();
  const writes = useCategoryWrites();
  const nodes = (tree.data?.categories ?? []) as Node[];
  const all = flatten(nodes);
  const drag = useCategoryDrag((id, parentId) => writes.update.mutate({ id, parent_id: parentId }));

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parent = String(form.get('parent'));
    writes.create.mutate(
      { name: String(form.get('name')).trim(), parent_id: parent ? Number(parent) : null },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <div className={styles.page}>
      <h1>{t('categories.title')}</h1>
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
          {t('categories.new')}
          <input name="name" required maxLength={100} />
        </label>
        <label style={{ display: 'grid' }}>
          {t('categories.under')}
          <select name="parent" defaultValue="">
            <option value="">{t('categories.topLevel')}</option>
            {all.map((option) => (
              <option key={option.node.id} value={option.node.id}>
                {'\u00a0\u00a0'.repeat(option.depth * 2)}
                {option.node.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">{t('categories.create')}</Button>
      </form>
      {writes.create.error && (
        <Notice tone="error" role="alert">
          {writes.create.error.message}
        </Notice>
      )}
      {tree.isPending ? (
        <Loading />
      ) : tree.isError ? (
        <PageState title={t('categories.failed')}>
          <p>{tree.error.message}</p>
        </PageState>
      ) : nodes.length === 0 ? (
        <PageState title={t('categories.none')} />
      ) : (
        <>
          <p className={styles.hint}>{t('categories.dragHint')}</p>
          {writes.update.error && (
            <Notice tone="error" role="alert">
              {writes.update.error.message}
            </Notice>
          )}
          <ul aria-label={t('categories.tree')} className={styles.tree}>
            {nodes.map((node) => (
              <Row key={node.id} node={node} parentId={null} all={all} drag={drag} />
            ))}
          </ul>
          <p
            className={`${styles.topZone} ${drag.isOver(null) ? styles.dropping : ''}`}
            {...drag.target(null)}
          >
            {t('categories.dropTop')}
          </p>
        </>
      )}
    </div>
  );
}
