// Constants of the wire protocol, kept free of zod: the API client loads them on every page.

/** Every /api request carries the application key in this header (docs/product/api.md#conventions). */
export const APP_KEY_HEADER = 'X-App-Key';
export const APP_KEY = 'bluebonnet-website';

/** Request-forgery protection (the double-submit convention, docs/product/api.md#conventions). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const SESSION_COOKIE = 'sid';
export const API_BASE = '/api/';

/** No payload of this API comes near this size; bigger bodies are refused before they are read. */
export const MAX_BODY_BYTES = 64 * 1024;
