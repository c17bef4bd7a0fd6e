import { createRouter } from './openapi';

export const adminCatalogRoutes = createRouter();
