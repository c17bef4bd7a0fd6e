import US from 'country-flag-icons/react/3x2/US';
import { getTranslations } from 'next-intl/server';
import { PageTexts } from '@/components/shell/PageTexts';
import { formMessagePaths } from '@/components/shell/shell-messages';
import { PageIntro } from '@/components/site/blocks';
import { ContactForm } from '@/components/site/ContactForm';
import { PlainContactForm, type ContactFormTexts } from '@/components/site/ContactFormView';
import { EmailScramble } from '@/components/site/EmailScramble';
import { Icon } from '@/components/site/icons';
import { brand } from '@/lib/config';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('contact', '/contact');

/** Address with flag, the support form and the animated email line (docs/product/pages.md#contact). */
export default async function ContactPage() {
  const page = await getTranslations('pages.contact');
  const t = await getTranslations('site.contact');
  const formTexts: ContactFormTexts = {
    fullName: t('fullName'),
    email: t('email'),
    phone: t('phone'),
    message: t('message'),
    send: t('send'),
    sending: t('sending'),
    success: t('success'),
    failure: t('failure'),
  };
  return (
    <>
      <PageIntro title={page('heading')} lead={t('lead')} />
      <div className="page-width grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_1.6fr] lg:gap-12">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="office-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="office-heading" className="flex items-center gap-3 text-lg font-semibold text-slate-900">
              <US aria-hidden className="h-5 w-auto rounded-sm shadow-sm ring-1 ring-slate-300" data-testid="us-flag" />
              {t('officeHeading')}
            </h2>
            <address className="mt-4 leading-relaxed text-slate-800 not-italic" data-testid="postal-address">
              {brand.company}
              <br />
              {brand.street}
              <br />
              {brand.city}, {brand.region} {brand.postalCode}
              <br />
              {t('country')}
            </address>
          </section>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <Icon name="mail" className="size-5 text-brand-700" />
              {t('preferEmail')}
            </p>
            <div className="mt-2">
              <EmailScramble address={brand.supportEmail} statement={t('emailStatement')} />
            </div>
          </div>
        </div>
        <section id="contact-form" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('formHeading')}
          </h2>
          <p className="mt-2 mb-6 text-sm text-slate-600">{t('formIntro')}</p>
          <PageTexts paths={formMessagePaths}>
            <ContactForm texts={formTexts}>
              <PlainContactForm texts={formTexts} />
            </ContactForm>
          </PageTexts>
        </section>
      </div>
    </>
  );
}
