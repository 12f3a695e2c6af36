import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { TableFrame } from '../../../components/ui/TableFrame';
import type { AdminItemQuery } from '../../../lib/admin-api';
import { useAdminItems, useLifecycle } from '../api';
import styles from './AdminItems.module.css';
import { StatusLabel } from './StatusLabel';

const STATUSES = ['pending', 'available', 'reserved', 'sold'] as const;

function queryFrom(params: URLSearchParams): AdminItemQuery {
  const query: AdminItemQuery = { limit: 50 };
  const status = params.get('status');
  if (status && (STATUSES as readonly string[]).includes(status))
    query.status = status as AdminItemQuery['status'];
  const q = params.get('q');
  if (q) query.q = q;
  if (params.get('new') === '1') query.new_submissions = true;
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  return query;
}

/** Every item in every state, with the storefront's filters plus status and new submissions. */
export function ItemsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const items = useAdminItems(query);
  const lifecycle = useLifecycle();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcome, setOutcome] = useState<string | null>(null);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'status'] as const) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    if (form.get('new')) next.set('new', '1');
    setSelected(new Set());
    setParams(next);
  }

  async function bulk(action: 'publish' | 'unpublish') {
    const ids = [...selected];
    const results = await Promise.allSettled(
      ids.map((id) => lifecycle.mutateAsync({ id, action })),
    );
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    const done = ids.length - refused.length;
    const verb = action === 'publish' ? 'published' : 'unpublished';
    setOutcome(
      `${done} ${verb}.` +
        (refused.length
          ? ` ${refused.length} refused: ${[...new Set(refused.map((r) => (r.reason as Error).message))].join(' ')}`
          : ''),
    );
    setSelected(new Set());
  }

  const rows = items.data?.items ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div className={styles.titleRow}>
        <h1>Items</h1>
        <ButtonLink to="/admin/items/new" variant="secondary">
          New item
        </ButtonLink>
      </div>
      <search>
        <form className={styles.filters} onSubmit={filter} aria-label="Filter items">
          <label>
            Search
            <input name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} />
          </label>
          <label>
            Status
            <select name="status" defaultValue={query.status ?? ''}>
              <option value="">Any status</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="new" defaultChecked={query.new_submissions === true} />
            New submissions only
          </label>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </form>
      </search>

      <fieldset className={styles.bulk}>
        <legend className="visually-hidden">With the selected items</legend>
        <span aria-live="polite">{selected.size} selected</span>
        <Button
          disabled={selected.size === 0 || lifecycle.isPending}
          onClick={() => bulk('publish')}
        >
          Publish selected
        </Button>
        <Button
          variant="secondary"
          disabled={selected.size === 0 || lifecycle.isPending}
          onClick={() => bulk('unpublish')}
        >
          Unpublish selected
        </Button>
      </fieldset>
      {outcome && (
        <Notice role="status" tone={outcome.includes('refused') ? 'error' : 'success'}>
          {outcome}
        </Notice>
      )}

      {items.isPending ? (
        <Loading label="Loading items…" />
      ) : items.isError ? (
        <PageState title="The items could not be loaded">
          <p>{items.error.message}</p>
        </PageState>
      ) : rows.length === 0 ? (
        <PageState title="No items match">
          <p>Change the filters, or create an item by hand.</p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <caption className="visually-hidden">Items</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all items on this page"
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))
                    }
                  />
                </th>
                <th scope="col">Photo</th>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Price</th>
                <th scope="col">Came from</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${item.title}`}
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                    />
                  </td>
                  <td>
                    {item.images[0] ? (
                      <img
                        className={styles.thumb}
                        src={item.images[0].variants[0]?.url ?? item.images[0].url}
                        alt=""
                        width={56}
                        height={56}
                        loading="lazy"
                      />
                    ) : (
                      <span className={styles.noPhoto}>No photo</span>
                    )}
                  </td>
                  <td>
                    <Link to={`/admin/items/${item.id}`}>{item.title}</Link>
                  </td>
                  <td>
                    <StatusLabel status={item.status} />
                  </td>
                  <td>
                    <Price cents={item.price_cents} />
                    {item.price_source === 'default' && (
                      <span className={styles.muted}> (default)</span>
                    )}
                  </td>
                  <td>
                    {item.draft
                      ? (item.draft.link?.label ?? item.draft.link?.contact_email ?? 'Upload link')
                      : 'By hand'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {items.data?.next_cursor && (
        <Button
          variant="secondary"
          onClick={() => {
            const next = new URLSearchParams(params);
            next.set('cursor', items.data.next_cursor ?? '');
            setParams(next);
          }}
        >
          Next page
        </Button>
      )}
    </>
  );
}
