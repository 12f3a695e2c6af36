import { Route, Routes } from 'react-router';
import { OrderPage } from './components/OrderPage';
import { OrdersPage } from './components/OrdersPage';

export default function AdminOrderRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path=":id" element={<OrderPage />} />
    </Routes>
  );
}
