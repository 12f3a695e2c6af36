import { UploadLinksPage } from './components/UploadLinksPage';

export default UploadLinksPage;
