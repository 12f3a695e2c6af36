import { WebhooksPage } from './components/WebhooksPage';

export default WebhooksPage;
