import type { CartModel, ServiceOffer, UpdateCartRequest } from '../contract/store';
import { callApi } from './client';

export const fetchCatalog = () => callApi<ServiceOffer[]>('GET', 'store/catalog');
export const fetchCart = () => callApi<CartModel>('GET', 'store/cart');
export const updateCart = (request: UpdateCartRequest) => callApi<CartModel>('PUT', 'store/cart', { body: request });

/** Adding to cart sends a single item with Quantity 1, IsAddition true and no billing (docs/product/store.md#pricing-page). */
export const addToCart = (offerKey: string) => updateCart({ Items: [{ ServiceOfferKey: offerKey, Quantity: 1 }], IsAddition: true });

/** The cart badge counts quantities, as app info's CartItemCount does. */
export const cartQuantity = (cart: Pick<CartModel, 'LineItems'>) => cart.LineItems.reduce((total, line) => total + line.Quantity, 0);
