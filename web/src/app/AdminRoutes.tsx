import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageState } from '../components/ui/Feedback';
import { AdminShell } from '../features/admin-shell/components/AdminShell';
import { AdminSignIn } from '../features/admin-shell/components/AdminSignIn';

const Overview = lazy(() => import('../features/admin-overview/routes'));
const Items = lazy(() => import('../features/admin-items/routes'));
const Drafts = lazy(() => import('../features/admin-drafts/routes'));
const Categories = lazy(() =>
  import('../features/admin-catalogue/routes').then((m) => ({ default: m.CategoriesPage })),
);
const Tags = lazy(() =>
  import('../features/admin-catalogue/routes').then((m) => ({ default: m.TagsPage })),
);
const Customers = lazy(() => import('../features/admin-customers/routes'));
const Orders = lazy(() => import('../features/admin-orders/routes'));
const UploadLinks = lazy(() => import('../features/admin-upload-links/routes'));
const Webhooks = lazy(() => import('../features/admin-webhooks/routes'));
const ShopSettings = lazy(() => import('../features/admin-shop/routes'));
const Shipping = lazy(() => import('../features/admin-shipping/routes'));

function NoSuchAdminPage() {
  const { t } = useTranslation('admin');
  return (
    <PageState headingLevel={1} title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
    </PageState>
  );
}

/** /admin: sign-in is open; everything else is behind the admin session (AdminShell). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="sign-in" element={<AdminSignIn />} />
      <Route element={<AdminShell />}>
        <Route index element={<Overview />} />
        <Route path="items/*" element={<Items />} />
        <Route path="drafts" element={<Drafts />} />
        <Route path="upload-links" element={<UploadLinks />} />
        <Route path="orders/*" element={<Orders />} />
        <Route path="customers/*" element={<Customers />} />
        <Route path="categories" element={<Categories />} />
        <Route path="tags" element={<Tags />} />
        <Route path="webhooks" element={<Webhooks />} />
        <Route path="shop" element={<ShopSettings />} />
        <Route path="shipping" element={<Shipping />} />
        <Route path="*" element={<NoSuchAdminPage />} />
      </Route>
    </Routes>
  );
}
