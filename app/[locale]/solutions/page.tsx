import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/site/blocks';
import { Icon, type IconName } from '@/components/site/icons';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { isProduction } from '@/lib/config';
import { metadataFor } from '@/lib/page-metadata';

export const generateMetadata = metadataFor('solutions', '/solutions');

/** Consulting always; the two hosted apps are hidden in production (docs/product/pages.md#solutions-index). */
const solutions = [
  { key: 'consulting', href: '/solutions/consulting', icon: 'consulting', shown: true },
  { key: 'pdf', href: '/solutions/pdf', icon: 'pdf', shown: !isProduction },
  { key: 'health', href: '/solutions/health', icon: 'health', shown: !isProduction },
] as const satisfies readonly { key: string; href: string; icon: IconName; shown: boolean }[];

export default async function SolutionsPage() {
  const page = await getTranslations('pages.solutions');
  const t = await getTranslations('site.solutions');
  return (
    <>
      <PageIntro title={page('heading')} lead={t('intro')} />
      <div className="page-width py-12 sm:py-16">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {solutions
            .filter((solution) => solution.shown)
            .map((solution) => (
              <li
                key={solution.key}
                data-testid={`solution-${solution.key}`}
                className="relative flex flex-col card transition focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600 hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={solution.icon} className="size-7" />
                </span>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">{t(`${solution.key}.title`)}</h2>
                <p className="mt-2 flex-1 leading-relaxed text-slate-600">{t(`${solution.key}.text`)}</p>
                {/* The link covers the whole card (after:inset-0), so the card is one tab stop. */}
                <Link
                  href={solution.href}
                  className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 outline-none after:absolute after:inset-0 after:rounded-xl"
                >
                  {t('learnMore')}
                  <span className="sr-only">: {t(`${solution.key}.title`)}</span>
                  <Icon name="arrowRight" className="size-4" />
                </Link>
              </li>
            ))}
        </ul>
      </div>
    </>
  );
}
