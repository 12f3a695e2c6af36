import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('adminItems');
  const [outcome, setOutcome] = useState<{ text: string; refused: boolean } | null>(null);

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
    const reasons = [...new Set(refused.map((r) => (r.reason as Error).message))].join(' ');
    const told = t(action === 'publish' ? 'list.published' : 'list.unpublished', { count: done });
    setOutcome({
      text: refused.length
        ? `${told} ${t('list.refused', { count: refused.length, reasons })}`
        : told,
      refused: refused.length > 0,
    });
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
        <h1>{t('list.title')}</h1>
        <ButtonLink to="/admin/items/new" variant="secondary">
          {t('list.newItem')}
        </ButtonLink>
      </div>
      <search>
        <form className={styles.filters} onSubmit={filter} aria-label={t('list.filterLabel')}>
          <label>
            {t('list.search')}
            <input name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} />
          </label>
          <label>
            {t('list.status')}
            <select name="status" defaultValue={query.status ?? ''}>
              <option value="">{t('list.anyStatus')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.check}>
            <input type="checkbox" name="new" defaultChecked={query.new_submissions === true} />
            {t('list.newOnly')}
          </label>
          <Button type="submit" variant="secondary">
            {t('list.filter')}
          </Button>
        </form>
      </search>

      <fieldset className={styles.bulk}>
        <legend className="visually-hidden">{t('list.bulkLegend')}</legend>
        <span aria-live="polite">{t('list.selected', { count: selected.size })}</span>
        <Button
          disabled={selected.size === 0 || lifecycle.isPending}
          onClick={() => bulk('publish')}
        >
          {t('list.publishSelected')}
        </Button>
        <Button
          variant="secondary"
          disabled={selected.size === 0 || lifecycle.isPending}
          onClick={() => bulk('unpublish')}
        >
          {t('list.unpublishSelected')}
        </Button>
      </fieldset>
      {outcome && (
        <Notice role="status" tone={outcome.refused ? 'error' : 'success'}>
          {outcome.text}
        </Notice>
      )}

      {items.isPending ? (
        <Loading label={t('list.loading')} />
      ) : items.isError ? (
        <PageState title={t('list.failed')}>
          <p>{items.error.message}</p>
        </PageState>
      ) : rows.length === 0 ? (
        <PageState title={t('list.noneTitle')}>
          <p>{t('list.noneBody')}</p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectAll')}
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))
                    }
                  />
                </th>
                <th scope="col">{t('list.photo')}</th>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('fields.price')}</th>
                <th scope="col">{t('list.cameFrom')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('list.selectOne', { title: item.title })}
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
                      <span className={styles.noPhoto}>{t('list.noPhoto')}</span>
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
                      <span className={styles.muted}> {t('list.defaultPrice')}</span>
                    )}
                  </td>
                  <td>
                    {item.draft
                      ? (item.draft.link?.label ??
                        item.draft.link?.contact_email ??
                        t('list.uploadLink'))
                      : t('list.byHand')}
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
          {t('list.nextPage')}
        </Button>
      )}
    </>
  );
}
