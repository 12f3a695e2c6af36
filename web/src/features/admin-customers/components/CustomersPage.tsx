import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { fieldInputClass } from '../../../components/ui/Field';
import { TableFrame } from '../../../components/ui/TableFrame';
import { formatDate } from '../../../lib/format';
import { type CustomerQuery, useCustomers } from '../api';
import { AccountSwitch } from './AccountSwitch';

const cell = {
  padding: 'var(--space-2) var(--space-3)',
  borderBottom: '1px solid var(--colour-line)',
  textAlign: 'left' as const,
};

export function CustomersPage() {
  const { t } = useTranslation('admin');
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
      <h1>{t('customers.title')}</h1>
      <search>
        <form
          onSubmit={filter}
          aria-label={t('customers.find')}
          style={{
            display: 'flex',
            gap: 'var(--space-3)',
            alignItems: 'flex-end',
            marginBottom: 'var(--space-4)',
          }}
        >
          <label style={{ display: 'grid', gap: 'var(--space-1)' }}>
            {t('customers.query')}
            <input
              className={fieldInputClass}
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              maxLength={100}
            />
          </label>
          <label style={{ display: 'grid', gap: 'var(--space-1)' }}>
            {t('customers.status')}
            <select className={fieldInputClass} name="status" defaultValue={query.status ?? ''}>
              <option value="">{t('customers.anyState')}</option>
              <option value="active">{t('customers.state.active')}</option>
              <option value="disabled">{t('customers.state.disabled')}</option>
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t('customers.search')}
          </Button>
        </form>
      </search>
      {customers.isPending ? (
        <Loading />
      ) : customers.isError ? (
        <PageState title={t('customers.failed')}>
          <p>{customers.error.message}</p>
        </PageState>
      ) : customers.data.customers.length === 0 ? (
        <PageState title={t('customers.none')} />
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
                  {t('customers.name')}
                </th>
                <th scope="col" style={cell}>
                  {t('customers.email')}
                </th>
                <th scope="col" style={cell}>
                  {t('customers.status')}
                </th>
                <th scope="col" style={cell}>
                  {t('customers.verified')}
                </th>
                <th scope="col" style={cell}>
                  {t('customers.joined')}
                </th>
                <th scope="col" style={cell}>
                  <span className="visually-hidden">{t('customers.actions')}</span>
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
                  <td style={cell}>{t(`customers.state.${customer.status}`)}</td>
                  <td style={cell}>
                    {customer.email_verified ? t('customers.yes') : t('customers.no')}
                  </td>
                  <td style={cell}>{formatDate(customer.created_at)}</td>
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
          {t('customers.nextPage')}
        </Button>
      )}
    </>
  );
}
