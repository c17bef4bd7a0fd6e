import { redirect } from 'next/navigation';
import { localizedPath } from '@/i18n/language-choice';
import { isAppLocale } from '@/i18n/routing';

/** Any other path goes to home (docs/product/languages-and-routing.md#routes). */
export default async function UnknownPage({ params }: PageProps<'/[locale]/[...rest]'>) {
  const { locale } = await params;
  redirect(localizedPath(isAppLocale(locale) ? locale : 'en', '/'));
}
