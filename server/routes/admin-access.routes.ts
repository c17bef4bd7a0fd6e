import { createRouter } from './openapi';

export const adminAccessRoutes = createRouter();
