import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '../components/ui/Feedback';
import { useCart, useMe } from '../lib/queries';
import styles from './Shell.module.css';

/** The customer-facing frame: skip link, header with the shop's few places, the page. */
export function Shell() {
  const me = useMe();
  const cart = useCart(Boolean(me.data));
  const held = cart.data?.items.length ?? 0;
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
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
