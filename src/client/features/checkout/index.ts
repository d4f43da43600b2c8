import { lazy } from 'react';

/** Card checkout of plans, packages and add-ons (server: payments' checkout service); used by the pricing screens. */
export {
  productsKey,
  useCardCheckout,
  useLocalBusinessCheckout,
  usePackageCheckout,
  useProviderProducts,
  useReossCheckout,
} from './checkout-api';

/** /success: where the card provider sends the buyer back. */
export const SuccessPage = lazy(() => import('./success-page').then((m) => ({ default: m.SuccessPage })));
