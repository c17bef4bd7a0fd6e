import { createRouter } from './openapi';

export const adminSupportRoutes = createRouter();
