import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '../components/ui/Feedback';
import { useCart, useMe, useShopSettings } from '../lib/queries';
import styles from './Shell.module.css';

/** The customer-facing frame: skip link, header with the shop's few places, the page. */
export function Shell() {
  const me = useMe();
  const cart = useCart(Boolean(me.data));
  const held = cart.data?.items.length ?? 0;
  // PAYMENT_PROVIDER=accept takes no money: every storefront page says so (issue 32 item 6).
  const testShop = useShopSettings().data?.payment_provider === 'accept';
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      {testShop && (
        <aside className={styles.testShop} aria-label="Test shop">
          Test shop: no payment is taken.
        </aside>
      )}
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/" className={styles.brand}>
            Shop
          </NavLink>
          <nav aria-label="Main">
            <ul className={styles.nav}>
              <li>
                <NavLink to="/cart">
                  Cart
                  {held > 0 && (
                    <span className={styles.count}>
                      {held}
                      <span className="visually-hidden"> held</span>
                    </span>
                  )}
                </NavLink>
              </li>
              <li>
                <NavLink to={me.data ? '/account' : '/account/sign-in'}>
                  {me.data ? 'Account' : 'Sign in'}
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>Every piece is one of a kind and sold once.</footer>
    </>
  );
}
