import { Route, Routes } from 'react-router';
import { ItemEditor } from './components/ItemEditor';
import { ItemsPage } from './components/ItemsPage';
import { NewItem } from './components/NewItem';

export default function AdminItemRoutes() {
  return (
    <Routes>
      <Route index element={<ItemsPage />} />
      <Route path="new" element={<NewItem />} />
      <Route path=":id" element={<ItemEditor />} />
    </Routes>
  );
}
