import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/Feedback';
import { useCart, useMe, useShopSettings } from '../lib/queries';
import { LanguageSwitch } from './LanguageSwitch';
import styles from './Shell.module.css';

/** The customer-facing frame: skip link, header with the shop's few places, the page. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const cart = useCart(Boolean(me.data));
  const held = cart.data?.items.length ?? 0;
  const settings = useShopSettings().data;
  // PAYMENT_PROVIDER=accept takes no money: every storefront page says so (issue 32 item 6).
  // Until /api/shop answers, the page as served says it (no banner pushing the page down).
  const testShop = settings
    ? settings.payment_provider === 'accept'
    : document.documentElement.hasAttribute('data-test-shop');
  const name = settings?.name ?? t('shell.defaultName');
  const { pathname } = useLocation();
  // Pages with a title of their own (an item, a legal page, the upload form) set it themselves.
  useEffect(() => {
    if (!/^\/(items|pages|upload)\//.test(pathname)) document.title = name;
  }, [pathname, name]);
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('shell.skip')}
      </a>
      {testShop && (
        <aside className={styles.testShop} aria-label={t('shell.testShopLabel')}>
          {t('shell.testShop')}
        </aside>
      )}
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/" className={styles.brand}>
            {settings?.logo_url && (
              <img src={settings.logo_url} alt="" height={40} className={styles.logo} />
            )}
            {name}
          </NavLink>
          <nav aria-label={t('shell.mainNav')}>
            <ul className={styles.nav}>
              <li>
                <NavLink to="/cart">
                  {t('shell.cart')}
                  {held > 0 && (
                    <span className={styles.count}>
                      {held}
                      <span className="visually-hidden"> {t('shell.held', { count: held })}</span>
                    </span>
                  )}
                </NavLink>
              </li>
              <li>
                <NavLink to={me.data ? '/account' : '/account/sign-in'}>
                  {me.data ? t('shell.account') : t('shell.signIn')}
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
      <footer className={styles.footer}>
        {settings && settings.pages.length > 0 && (
          <nav aria-label={t('footer.legalNav')}>
            <ul className={styles.footerLinks}>
              {settings.pages.map((page) => (
                <li key={page.slug}>
                  <Link to={`/pages/${page.slug}`}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p>
          <strong>{name}</strong>
          {settings?.address && <span>{settings.address.split('\n').join(', ')}</span>}
          {settings?.contact_email && (
            <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
          )}
        </p>
        <p>{t('footer.oneOfAKind')}</p>
        <LanguageSwitch />
      </footer>
    </>
  );
}
