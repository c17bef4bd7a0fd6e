import type { CartModel, ServiceOffer, ShoppingCart, UpdateCartRequest } from '../contract/store';
import { callApi } from './client';

export const fetchCatalog = () => callApi<ServiceOffer[]>('GET', 'store/catalog');
export const fetchCart = () => callApi<ShoppingCart>('GET', 'store/cart');
/** `keepalive`: the save outlives the page that sends it as it closes (docs/product/store.md#cart-and-tax). */
export const updateCart = (request: UpdateCartRequest, { keepalive = false } = {}) =>
  callApi<ShoppingCart>('PUT', 'store/cart', { body: request, keepalive });

/** The subscriptions the customer holds, which the cart read carries; the pricing page works without them, so a failure stays quiet. */
export const fetchHeldSubscriptions = async () => (await callApi<ShoppingCart>('GET', 'store/cart', { silent: true })).HeldSubscriptions;

/** Adding to cart sends a single item with Quantity 1, IsAddition true and no billing (docs/product/store.md#pricing-page). */
export const addToCart = (offerKey: string) => updateCart({ Items: [{ ServiceOfferKey: offerKey, Quantity: 1 }], IsAddition: true });

/** The cart badge counts quantities, as app info's CartItemCount does. */
export const cartQuantity = (cart: Pick<CartModel, 'LineItems'>) => cart.LineItems.reduce((total, line) => total + line.Quantity, 0);
