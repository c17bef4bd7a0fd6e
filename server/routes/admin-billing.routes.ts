import { createRouter } from './openapi';

export const adminBillingRoutes = createRouter();
