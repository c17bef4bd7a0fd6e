import { QueryProvider } from '@/components/data/QueryProvider';

/** The store's islands load their data through TanStack Query. */
export default function StoreLayout({ children }: LayoutProps<'/[locale]/store'>) {
  return <QueryProvider>{children}</QueryProvider>;
}
