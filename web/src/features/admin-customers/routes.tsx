import { Route, Routes } from 'react-router';
import { CustomerPage } from './components/CustomerPage';
import { CustomersPage } from './components/CustomersPage';

export default function AdminCustomerRoutes() {
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path=":id" element={<CustomerPage />} />
    </Routes>
  );
}
