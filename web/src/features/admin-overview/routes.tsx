import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading, PageState } from '../../components/ui/Feedback';
import { adminKeys, adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';

/** How many items one admin list holds, up to its page size (shown as "100+" past it). */
function useCount(query: {
  status?: 'pending' | 'available' | 'reserved' | 'sold';
  new_submissions?: boolean;
}) {
  return useQuery({
    queryKey: adminKeys.items({ ...query, limit: 100 }),
    queryFn: () =>
      adminOk(api.GET('/api/admin/items', { params: { query: { ...query, limit: 100 } } })),
    select: (page) => (page.next_cursor ? '100+' : String(page.items.length)),
  });
}

function Tile({
  label,
  count,
  to,
}: {
  label: string;
  count: ReturnType<typeof useCount>;
  to: string;
}) {
  return (
    <li
      style={{
        background: 'var(--colour-surface)',
        border: '1px solid var(--colour-line)',
        borderRadius: 'var(--radius-lg)',
        padding: 'var(--space-4)',
      }}
    >
      <Link to={to}>
        <strong style={{ fontSize: 'var(--text-2xl)', display: 'block' }}>
          {count.isPending ? '…' : count.isError ? '–' : count.data}
        </strong>
        {label}
      </Link>
    </li>
  );
}

/** What needs the owner now: new submissions, items by status. */
export default function AdminOverview() {
  const fresh = useCount({ new_submissions: true });
  const pending = useCount({ status: 'pending' });
  const available = useCount({ status: 'available' });
  const reserved = useCount({ status: 'reserved' });
  const sold = useCount({ status: 'sold' });
  if (fresh.isError)
    return (
      <PageState headingLevel={1} title="The overview could not be loaded">
        <p>{fresh.error.message}</p>
      </PageState>
    );
  if (fresh.isPending) return <Loading />;
  return (
    <>
      <h1>Overview</h1>
      <ul
        style={{
          listStyle: 'none',
          padding: 0,
          display: 'grid',
          gap: 'var(--space-4)',
          gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
        }}
      >
        <Tile label="New submissions waiting" count={fresh} to="/admin/items?new=1" />
        <Tile label="Pending" count={pending} to="/admin/items?status=pending" />
        <Tile label="Available" count={available} to="/admin/items?status=available" />
        <Tile label="Reserved (held in carts)" count={reserved} to="/admin/items?status=reserved" />
        <Tile label="Sold" count={sold} to="/admin/items?status=sold" />
      </ul>
    </>
  );
}
