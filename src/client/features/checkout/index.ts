/** Card checkout of plans, packages and add-ons (server: payments' checkout service); used by the pricing screens. */
export {
  productsKey,
  useCardCheckout,
  useLocalBusinessCheckout,
  usePackageCheckout,
  useProviderProducts,
  useReossCheckout,
} from './checkout-api';
