import { Link, useParams } from 'react-router';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { useCustomer } from '../api';
import { AccountSwitch } from './AccountSwitch';

/** One customer: who, their state, what they hold, like and bought. */
export function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  if (customer.isPending) return <Loading />;
  if (customer.isError)
    return (
      <PageState
        headingLevel={1}
        title="This customer could not be loaded"
        action={<Link to="/admin/customers">All customers</Link>}
      >
        <p>{customer.error.message}</p>
      </PageState>
    );
  const c = customer.data;
  return (
    <>
      <p>
        <Link to="/admin/customers">← All customers</Link>
      </p>
      <h1>{c.display_name}</h1>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          gap: 'var(--space-1) var(--space-4)',
        }}
      >
        <dt>Email</dt>
        <dd>{c.email}</dd>
        <dt>Status</dt>
        <dd>{c.status === 'active' ? 'Active' : 'Disabled'}</dd>
        <dt>Verified</dt>
        <dd>{c.email_verified ? 'Yes' : 'No'}</dd>
        <dt>Joined</dt>
        <dd>{new Date(c.created_at).toLocaleString()}</dd>
        <dt>Favorites</dt>
        <dd>{c.favorites_count}</dd>
      </dl>
      <div style={{ margin: 'var(--space-4) 0 var(--space-5)' }}>
        <AccountSwitch customer={c} />
      </div>
      <h2>In their cart now</h2>
      {c.holds.length === 0 ? (
        <p>Nothing held.</p>
      ) : (
        <ul>
          {c.holds.map((hold) => (
            <li key={hold.item_id}>
              <Link to={`/admin/items/${hold.item_id}`}>{hold.title}</Link> —{' '}
              <Price cents={hold.price_cents} />, held until{' '}
              {new Date(hold.reserved_until).toLocaleTimeString()}
            </li>
          ))}
        </ul>
      )}
      <h2>Purchases</h2>
      {c.purchases.length === 0 ? (
        <p>No purchases yet.</p>
      ) : (
        <ul>
          {c.purchases.map((purchase) => (
            <li key={purchase.item_id}>
              <Link to={`/admin/items/${purchase.item_id}`}>{purchase.title}</Link> —{' '}
              <Price cents={purchase.price_cents} />,{' '}
              {new Date(purchase.sold_at).toLocaleDateString()}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
