import { consolePagePaths } from '@/lib/portal-paths';

/** The console's addresses (without the language prefix; the locale-aware Link adds it). */
export const adminPaths = {
  overview: '/admin',
  support: '/admin/support',
  supportThread: consolePagePaths.supportThread,
  customers: '/admin/customers',
  customer: consolePagePaths.customer,
  invoices: '/admin/invoices',
  invoice: consolePagePaths.invoice,
  payments: '/admin/payments',
  subscriptions: '/admin/subscriptions',
  owed: '/admin/collections',
  catalog: '/admin/catalog',
  newOffer: '/admin/catalog/new',
  offer: (key: string) => `/admin/catalog/${encodeURIComponent(key)}`,
  reports: '/admin/reports',
  audit: '/admin/audit',
  staff: '/admin/staff',
  sessions: '/admin/sessions',
  notifications: '/admin/notifications',
} as const;
