import { getLocale, getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button-class';
import { CallToAction, Section } from '@/components/site/blocks';
import { HeroImage } from '@/components/site/HeroImage';
import { Icon } from '@/components/site/icons';
import { OrganizationJsonLd } from '@/components/site/OrganizationJsonLd';
import { ServiceCards } from '@/components/site/ServiceCards';
import { technologyStack } from '@/components/site/technology-stack';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { brand } from '@/lib/config';
import { metadataFor } from '@/lib/page-metadata';
import { absoluteUrl } from '@/lib/seo';

export const generateMetadata = metadataFor('home', '/');

const steps = ['talk', 'plan', 'build', 'launch'] as const;

export default async function HomePage() {
  const locale = await getLocale();
  const page = await getTranslations('pages.home');
  const t = await getTranslations('site.home');
  const stack = await getTranslations('site.consulting.stack');
  const organization = await getTranslations('site.organization');

  return (
    <>
      <OrganizationJsonLd description={organization('description', { company: brand.company })} url={absoluteUrl(locale, '/')} />
      <section aria-labelledby="home-heading" className="bg-linear-to-b from-brand-50 to-white">
        <div className="page-width grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:gap-12">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{t('eyebrow')}</p>
            <h1 id="home-heading" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {page('heading')}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-700">{t('lead')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/solutions/consulting" className={buttonClass('primary')}>
                {page('explore')}
                <Icon name="arrowRight" className="size-4" />
              </Link>
              <Link href="/contact#contact-form" className={buttonClass('plain')}>
                {t('consultation')}
              </Link>
            </div>
            <div className="mt-8">
              <p className="text-sm text-slate-600">{t('stackLabel')}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {technologyStack.map((technology) => (
                  <li key={technology} className="chip">
                    {stack(`${technology}.title`)}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <HeroImage
            href="/solutions/consulting"
            alts={{ desk1: t('heroAlt.desk1'), desk2: t('heroAlt.desk2'), meeting: t('heroAlt.meeting') }}
          />
        </div>
      </section>

      <Section id="services" heading={t('servicesHeading')} intro={t('servicesIntro')}>
        <ServiceCards />
        <Link
          href="/solutions/consulting"
          className="mt-8 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('allServices')}
          <Icon name="arrowRight" className="size-4" />
        </Link>
      </Section>

      <Section id="approach" tone="muted" heading={t('approachHeading')} intro={t('approachIntro')}>
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step} className="card">
              <span aria-hidden className="step-number">
                {index + 1}
              </span>
              <h3 className="card-title">{t(`steps.${step}.title`)}</h3>
              <p className="card-text">{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CallToAction heading={t('ctaHeading')} text={t('ctaText')}>
        <Link href="/contact#contact-form" className={buttonClass('inverse')}>
          {t('consultation')}
        </Link>
      </CallToAction>
    </>
  );
}
