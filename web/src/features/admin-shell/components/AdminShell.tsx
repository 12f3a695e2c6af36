import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { adminSignInPath } from '../../../lib/admin-api';
import { useShopName } from '../../../lib/queries';
import { useAdminMe, useAdminSignOut } from '../api';
import styles from './AdminShell.module.css';

const PLACES = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/items', label: 'Items' },
  { to: '/admin/drafts', label: 'Drafts inbox' },
  { to: '/admin/upload-links', label: 'Upload links' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/tags', label: 'Tags' },
  { to: '/admin/shipping', label: 'Shipping' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/admin/shop', label: 'Shop settings' },
];

/** The owner's frame: behind the admin session; without one, sign-in and back. */
export function AdminShell() {
  const me = useAdminMe();
  const signOut = useAdminSignOut();
  const shopName = useShopName();
  const location = useLocation();
  const navigate = useNavigate();

  if (me.isPending) return <Loading label="Checking your session…" />;
  if (me.isError)
    return (
      <PageState headingLevel={1} title="The admin could not be reached">
        <p>{me.error.message}</p>
      </PageState>
    );
  if (!me.data)
    return <Navigate to={adminSignInPath(location.pathname + location.search)} replace />;

  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>{shopName} admin</span>
        <nav aria-label="Admin">
          <ul className={styles.nav}>
            {PLACES.map((place) => (
              <li key={place.to}>
                <NavLink to={place.to} end={place.end ?? false}>
                  {place.label}
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
            Sign out
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
