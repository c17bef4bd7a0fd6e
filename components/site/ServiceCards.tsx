import { getTranslations } from 'next-intl/server';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { buttonClass } from '../ui/button-class';
import { FeatureCard } from './blocks';
import type { IconName } from './icons';

/** The five consulting services, in the order docs/product/pages.md#what-the-product-is names them. */
const services = ['requirements', 'architecture', 'development', 'dataModeling', 'deployment'] as const satisfies readonly IconName[];

/** The service cards, closed by a sixth card that invites a free consultation. */
export async function ServiceCards() {
  const t = await getTranslations('site.services');
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service} className="flex">
          <FeatureCard icon={service} title={t(`${service}.title`)} className="w-full">
            <p>{t(`${service}.text`)}</p>
          </FeatureCard>
        </li>
      ))}
      <li className="flex flex-col justify-between gap-5 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100">
        <div>
          <h3 className="text-lg font-semibold text-brand-900">{t('start.title')}</h3>
          <p className="mt-2 leading-relaxed text-slate-700">{t('start.text')}</p>
        </div>
        <Link href="/contact#contact-form" className={buttonClass('primary', 'self-start')}>
          {t('start.action')}
        </Link>
      </li>
    </ul>
  );
}
