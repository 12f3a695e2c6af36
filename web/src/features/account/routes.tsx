import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Loading, PageState } from '../../components/ui/Feedback';
import { useMe } from '../../lib/queries';
import { Addresses } from './components/Addresses';
import { Forgot } from './components/Forgot';
import { OrderDetail, OrdersList } from './components/Orders';
import { Profile } from './components/Profile';
import { Register } from './components/Register';
import { Reset } from './components/Reset';
import { SignIn } from './components/SignIn';
import { Verify } from './components/Verify';

function AccountHome() {
  const { t } = useTranslation('account');
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError)
    return (
      <PageState headingLevel={1} title={t('home.failed')}>
        <p>{me.error.message}</p>
      </PageState>
    );
  if (!me.data) return <Navigate to="/account/sign-in" replace />;
  return <Profile customer={me.data} />;
}

function Deleted() {
  const { t } = useTranslation('account');
  return (
    <PageState
      headingLevel={1}
      title={t('deleted.title')}
      action={<ButtonLink to="/">{t('common:notFound.browse')}</ButtonLink>}
    >
      <p>{t('deleted.body')}</p>
    </PageState>
  );
}

/** Pages for a signed-in customer only; others are sent to sign in. */
function SignedIn({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to="/account/sign-in" replace />;
  return <>{children}</>;
}

export default function AccountRoutes() {
  return (
    <Routes>
      <Route index element={<AccountHome />} />
      <Route path="sign-in" element={<SignIn />} />
      <Route path="register" element={<Register />} />
      <Route path="forgot" element={<Forgot />} />
      <Route path="verify" element={<Verify />} />
      <Route path="reset" element={<Reset />} />
      <Route path="deleted" element={<Deleted />} />
      <Route
        path="orders"
        element={
          <SignedIn>
            <OrdersList />
          </SignedIn>
        }
      />
      <Route
        path="orders/:id"
        element={
          <SignedIn>
            <OrderDetail />
          </SignedIn>
        }
      />
      <Route
        path="addresses"
        element={
          <SignedIn>
            <Addresses />
          </SignedIn>
        }
      />
      <Route path="*" element={<Navigate to="/account" replace />} />
    </Routes>
  );
}
