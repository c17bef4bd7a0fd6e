import { redirect } from '@/i18n/navigation';
import { isAppLocale } from '@/i18n/routing';

/** Spec §2: any other path goes to home. */
export default async function UnknownPage({ params }: PageProps<'/[locale]/[...rest]'>) {
  const { locale } = await params;
  redirect({ href: '/', locale: isAppLocale(locale) ? locale : 'en' });
}
