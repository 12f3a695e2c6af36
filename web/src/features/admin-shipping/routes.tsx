import { ShippingPage } from './components/ShippingPage';

export default ShippingPage;
