import { DraftsInbox } from './components/DraftsInbox';

export default DraftsInbox;
