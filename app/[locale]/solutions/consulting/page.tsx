import { getTranslations } from 'next-intl/server';
import { CallToAction, CheckList, FeatureCard, PageIntro, Section } from '@/components/site/blocks';
import { Icon } from '@/components/site/icons';
import { ServiceCards } from '@/components/site/ServiceCards';
import { technologyStack } from '@/components/site/technology-stack';
import { buttonClass } from '@/components/ui/button-class';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('consulting', '/solutions/consulting');

const reasons = ['experience', 'transparency', 'flexibility', 'ownership'] as const;
const engagementPoints = ['monthly', 'demo', 'feedback'] as const;
const consultationHref = '/contact#contact-form';

/** docs/product/pages.md#consulting-page */
export default async function ConsultingPage() {
  const page = await getTranslations('pages.consulting');
  const t = await getTranslations('site.consulting');
  return (
    <>
      <PageIntro title={page('heading')} lead={t('lead')}>
        <Link href={consultationHref} className={buttonClass('primary')}>
          {t('schedule')}
        </Link>
      </PageIntro>

      <Section id="services" heading={t('servicesHeading')}>
        <ServiceCards />
      </Section>

      <Section id="engagement" tone="muted" heading={t('engagementHeading')} intro={t('engagementText')}>
        <CheckList items={engagementPoints.map((point) => t(`engagementPoints.${point}`))} />
      </Section>

      <Section id="reasons" heading={t('reasonsHeading')}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {reasons.map((reason) => (
            <li key={reason} className="flex">
              <FeatureCard icon={reason} title={t(`reasons.${reason}.title`)} className="w-full">
                <p>{t(`reasons.${reason}.text`)}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="technology" tone="muted" heading={t('stackHeading')} intro={t('stackIntro')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {technologyStack.map((technology) => (
            <li key={technology} className="flex">
              <FeatureCard icon={technology} title={t(`stack.${technology}.title`)} className="w-full">
                <p>{t(`stack.${technology}.text`)}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction
        heading={t('scheduleHeading')}
        text={t('scheduleText')}
        note={
          <p data-testid="location" className="flex items-center gap-2">
            <Icon name="mapPin" className="size-5 shrink-0" />
            {t('location')}
          </p>
        }
      >
        <Link href={consultationHref} className={buttonClass('inverse')}>
          {t('schedule')}
        </Link>
      </CallToAction>
    </>
  );
}
