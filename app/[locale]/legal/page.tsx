import { getTranslations } from 'next-intl/server';
import { MailLinks } from '@/components/legal/MailLinks';
import { PageSection } from '@/components/ui/PageSection';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { brand } from '@/lib/config';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('legal', '/legal');

const documents = [
  { href: '/legal/terms-of-service', key: 'termsOfService' },
  { href: '/legal/privacy-policy', key: 'privacyPolicy' },
  { href: '/legal/cookie-policy', key: 'cookiePolicy' },
] as const;

export default async function LegalIndexPage() {
  const t = await getTranslations('legal');
  return (
    <PageSection title={t('index.title')}>
      <p className="mb-6">
        <MailLinks text={t('index.intro', { company: brand.company, product: brand.product, email: brand.supportEmail })} />
      </p>
      <ul className="list-disc space-y-2 pl-6">
        {documents.map((document) => (
          <li key={document.href}>
            <Link href={document.href} className="text-brand-700 underline-offset-2 hover:underline">
              {t(`${document.key}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
