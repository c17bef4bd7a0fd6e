import { QueryProvider } from '@/components/data/QueryProvider';

/** The hosted apps' landing pages read the customer's plans through TanStack Query, as the portal does. */
export default function HostedAppsLayout({ children }: LayoutProps<'/[locale]/apps'>) {
  return <QueryProvider>{children}</QueryProvider>;
}
