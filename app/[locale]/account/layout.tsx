import { QueryProvider } from '@/components/data/QueryProvider';

/** The customer portal's islands load their data through TanStack Query. */
export default function AccountLayout({ children }: LayoutProps<'/[locale]/account'>) {
  return <QueryProvider>{children}</QueryProvider>;
}
