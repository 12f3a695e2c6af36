export { CategoriesPage } from './components/CategoriesPage';
export { TagsPage } from './components/TagsPage';
