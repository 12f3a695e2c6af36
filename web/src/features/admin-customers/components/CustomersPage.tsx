import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { fieldInputClass } from '../../../components/ui/Field';
import { TableFrame } from '../../../components/ui/TableFrame';
import { type CustomerQuery, useCustomers } from '../api';
import { AccountSwitch } from './AccountSwitch';

const cell = {
  padding: 'var(--space-2) var(--space-3)',
  borderBottom: '1px solid var(--colour-line)',
  textAlign: 'left' as const,
};

export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const query: CustomerQuery = {};
  const q = params.get('q');
  if (q) query.q = q;
  const status = params.get('status');
  if (status === 'active' || status === 'disabled') query.status = status;
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  const customers = useCustomers(query);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const text = String(form.get('q') ?? '').trim();
    if (text) next.set('q', text);
    const chosen = String(form.get('status') ?? '');
    if (chosen) next.set('status', chosen);
    setParams(next);
  }

  return (
    <>
      <h1>Customers</h1>
      <search>
        <form
          onSubmit={filter}
          aria-label="Find customers"
          style={{
            display: 'flex',
            gap: 'var(--space-3)',
            alignItems: 'flex-end',
            marginBottom: 'var(--space-4)',
          }}
        >
          <label style={{ display: 'grid', gap: 'var(--space-1)' }}>
            Name or email
            <input
              className={fieldInputClass}
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              maxLength={100}
            />
          </label>
          <label style={{ display: 'grid', gap: 'var(--space-1)' }}>
            Status
            <select className={fieldInputClass} name="status" defaultValue={query.status ?? ''}>
              <option value="">Any</option>
              <option value="active">Active</option>
              <option value="disabled">Disabled</option>
            </select>
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      {customers.isPending ? (
        <Loading />
      ) : customers.isError ? (
        <PageState title="The customers could not be loaded">
          <p>{customers.error.message}</p>
        </PageState>
      ) : customers.data.customers.length === 0 ? (
        <PageState title="No customers match" />
      ) : (
        <TableFrame>
          <table
            style={{
              width: '100%',
              borderCollapse: 'collapse',
              background: 'var(--colour-surface)',
            }}
          >
            <thead>
              <tr>
                <th scope="col" style={cell}>
                  Name
                </th>
                <th scope="col" style={cell}>
                  Email
                </th>
                <th scope="col" style={cell}>
                  Status
                </th>
                <th scope="col" style={cell}>
                  Verified
                </th>
                <th scope="col" style={cell}>
                  Joined
                </th>
                <th scope="col" style={cell}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td style={cell}>
                    <Link to={`/admin/customers/${customer.id}`}>{customer.display_name}</Link>
                  </td>
                  <td style={cell}>{customer.email}</td>
                  <td style={cell}>{customer.status === 'active' ? 'Active' : 'Disabled'}</td>
                  <td style={cell}>{customer.email_verified ? 'Yes' : 'No'}</td>
                  <td style={cell}>{new Date(customer.created_at).toLocaleDateString()}</td>
                  <td style={cell}>
                    <AccountSwitch customer={customer} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {customers.data?.next_cursor && (
        <Button
          variant="secondary"
          onClick={() => {
            const next = new URLSearchParams(params);
            next.set('cursor', customers.data.next_cursor ?? '');
            setParams(next);
          }}
        >
          Next page
        </Button>
      )}
    </>
  );
}
