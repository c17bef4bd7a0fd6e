import { getTranslations } from 'next-intl/server';
import { PageSection } from '../ui/PageSection';
import type en from '@/messages/en.json';

/** A page whose screen is still being built: its heading from messages, nothing invented. */
export async function PlaceholderPage({ page }: { page: keyof typeof en.pages }) {
  const t = await getTranslations('pages');
  return <PageSection title={t(`${page}.heading`)} />;
}
