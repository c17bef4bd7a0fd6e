import { createRouter } from './openapi';

export const adminCustomersRoutes = createRouter();
