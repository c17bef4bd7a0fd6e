import { getTranslations } from 'next-intl/server';
import { brand, postalAddressIn } from '@/lib/config';
import { PageSection } from '../ui/PageSection';
import { MailLinks } from './MailLinks';

export type LegalDocumentKey = 'termsOfService' | 'privacyPolicy' | 'cookiePolicy';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** A legal text from messages/legal: numbered sections with anchors 1…n, optional quick links. */
export async function LegalDocument({ document, quickLinks = false }: { document: LegalDocumentKey; quickLinks?: boolean }) {
  const t = await getTranslations(`legal.${document}`);
  const legal = await getTranslations('legal');
  const brandValues = {
    company: brand.company,
    product: brand.product,
    email: brand.supportEmail,
    address: postalAddressIn(legal('postalCountry')),
  };
  const sections = t.raw('sections') as LegalSection[];
  // Keys are built from the section and paragraph positions, so the typed key check cannot see them.
  const text = (key: string) => t(key as never, brandValues as never);
  return (
    <PageSection title={t('title')}>
      <p className="mb-6 text-slate-700">
        <MailLinks text={text('intro')} />
      </p>
      {quickLinks && (
        <nav aria-labelledby="quick-links" className="mb-8 rounded-md border border-slate-200 bg-slate-50 p-4">
          <h2 id="quick-links" className="mb-2 font-semibold">
            {t.has('quickLinks') ? text('quickLinks') : null}
          </h2>
          <ol className="list-decimal space-y-1 pl-6 legal-links">
            {sections.map((section, index) => (
              <li key={index}>
                <a href={`#${index + 1}`}>{text(`sections.${index}.heading`)}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="legal-text space-y-8">
        {sections.map((section, index) => (
          <section key={index} id={String(index + 1)} aria-labelledby={`heading-${index + 1}`}>
            <h2 id={`heading-${index + 1}`}>
              {index + 1}. {text(`sections.${index}.heading`)}
            </h2>
            {section.paragraphs.map((_, paragraph) => (
              <p key={paragraph}>
                <MailLinks text={text(`sections.${index}.paragraphs.${paragraph}`)} />
              </p>
            ))}
          </section>
        ))}
      </div>
    </PageSection>
  );
}
