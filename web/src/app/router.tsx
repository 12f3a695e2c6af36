import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { Loading, PageState } from '../components/ui/Feedback';
import { StorefrontPage } from '../features/storefront/routes';
import { ErrorBoundary } from './ErrorBoundary';
import { Shell } from './Shell';

// The storefront is in the first load; every other area loads when first visited.
const ItemPage = lazy(() => import('../features/item/routes'));
const AccountRoutes = lazy(() => import('../features/account/routes'));
const CartRoutes = lazy(() => import('../features/cart/routes'));
const UploadPage = lazy(() => import('../features/upload/routes'));
const AdminRoutes = lazy(() => import('./AdminRoutes'));
const LegalPage = lazy(() => import('../features/pages/routes'));

/** An address no page has. */
export function NoSuchPage() {
  const { t } = useTranslation();
  return (
    <PageState headingLevel={1} title={t('notFound.title')}>
      <p>
        <a href="/">{t('notFound.browse')}</a>
      </p>
    </PageState>
  );
}

/** The pages of the customer's side, each area behind its own error boundary. */
export function AppRoutes() {
  return (
    <Routes>
      {/* The owner's side has its own frame, not the shop's header. */}
      <Route
        path="admin/*"
        element={
          <ErrorBoundary area="admin">
            <Suspense fallback={<Loading />}>
              <AdminRoutes />
            </Suspense>
          </ErrorBoundary>
        }
      />
      <Route element={<Shell />}>
        <Route
          index
          element={
            <ErrorBoundary area="storefront">
              <StorefrontPage />
            </ErrorBoundary>
          }
        />
        <Route
          path="items/:id"
          element={
            <ErrorBoundary area="item">
              <ItemPage />
            </ErrorBoundary>
          }
        />
        <Route
          path="account/*"
          element={
            <ErrorBoundary area="account">
              <AccountRoutes />
            </ErrorBoundary>
          }
        />
        <Route
          path="cart/*"
          element={
            <ErrorBoundary area="cart">
              <CartRoutes />
            </ErrorBoundary>
          }
        />
        <Route
          path="pages/:slug"
          element={
            <ErrorBoundary area="storefront">
              <LegalPage />
            </ErrorBoundary>
          }
        />
        <Route
          path="upload/:token"
          element={
            <ErrorBoundary area="upload">
              <UploadPage />
            </ErrorBoundary>
          }
        />
        <Route path="*" element={<NoSuchPage />} />
      </Route>
    </Routes>
  );
}
