import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { adminSignInPath } from '../../../lib/admin-api';
import { useShopName } from '../../../lib/queries';
import { useAdminMe, useAdminSignOut } from '../api';
import styles from './AdminShell.module.css';

/** The admin's places; `label` is the key of its name in the admin catalogue. */
const PLACES = [
  { to: '/admin', label: 'shell.places.overview', end: true },
  { to: '/admin/items', label: 'shell.places.items' },
  { to: '/admin/drafts', label: 'shell.places.drafts' },
  { to: '/admin/upload-links', label: 'shell.places.uploadLinks' },
  { to: '/admin/orders', label: 'shell.places.orders' },
  { to: '/admin/customers', label: 'shell.places.customers' },
  { to: '/admin/categories', label: 'shell.places.categories' },
  { to: '/admin/tags', label: 'shell.places.tags' },
  { to: '/admin/shipping', label: 'shell.places.shipping' },
  { to: '/admin/webhooks', label: 'shell.places.webhooks' },
  { to: '/admin/shop', label: 'shell.places.shop' },
] as const;

/** The owner's frame: behind the admin session; without one, sign-in and back. */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const me = useAdminMe();
  const signOut = useAdminSignOut();
  const shopName = useShopName();
  const location = useLocation();
  const navigate = useNavigate();

  if (me.isPending) return <Loading label={t('shell.checking')} />;
  if (me.isError)
    return (
      <PageState headingLevel={1} title={t('shell.unreachable')}>
        <p>{me.error.message}</p>
      </PageState>
    );
  if (!me.data)
    return <Navigate to={adminSignInPath(location.pathname + location.search)} replace />;

  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skip}>
        {t('common:shell.skip')}
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>{t('shell.brand', { shop: shopName })}</span>
        <nav aria-label={t('shell.nav')}>
          <ul className={styles.nav}>
            {PLACES.map((place) => (
              <li key={place.to}>
                <NavLink to={place.to} end={'end' in place}>
                  {t(place.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.who}>
          <span>{me.data.email}</span>
          <Button
            variant="secondary"
            onClick={() =>
              signOut.mutate(undefined, { onSettled: () => navigate('/admin/sign-in') })
            }
          >
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
