import { QueryProvider } from '@/components/data/QueryProvider';

/**
 * The cart, checkout and payment return load their data through TanStack Query, one client for
 * the three. The pricing page, a public page, is outside this group: its island brings its own.
 */
export default function StoreOrdersLayout({ children }: LayoutProps<'/[locale]/store'>) {
  return <QueryProvider>{children}</QueryProvider>;
}
