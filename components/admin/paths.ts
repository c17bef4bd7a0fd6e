/** The console's addresses (without the language prefix; the locale-aware Link adds it). */
export const adminPaths = {
  overview: '/admin',
  support: '/admin/support',
  supportThread: (key: string) => `/admin/support/${encodeURIComponent(key)}`,
  customers: '/admin/customers',
  customer: (key: string) => `/admin/customers/${encodeURIComponent(key)}`,
  invoices: '/admin/invoices',
  invoice: (key: string) => `/admin/invoices/${encodeURIComponent(key)}`,
  catalog: '/admin/catalog',
  newOffer: '/admin/catalog/new',
  offer: (key: string) => `/admin/catalog/${encodeURIComponent(key)}`,
  audit: '/admin/audit',
  staff: '/admin/staff',
} as const;
