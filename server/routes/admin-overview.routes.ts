import { createRouter } from './openapi';

export const adminOverviewRoutes = createRouter();
