import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AppAccess, AppAccessPending, type AppAccessTexts } from './AppAccess';
import { CheckList, PageIntro } from './blocks';

const apps = {
  pdf: { path: '/apps/pdf', features: ['repair', 'check', 'private'] },
  health: { path: '/apps/health', features: ['track', 'trends', 'private'] },
} as const;

/** The app pages (docs/product/pages.md#app-pages), for both hosted apps: static description, client-side access box. */
export async function AppProductPage({ app }: { app: keyof typeof apps }) {
  const page = await getTranslations('pages');
  const t = await getTranslations('site.apps');
  const { path, features } = apps[app];
  const texts: AppAccessTexts = {
    openApp: t('openApp'),
    loginRequired: t('loginRequired'),
    login: t('login'),
    checkingSession: t('checkingSession'),
  };
  // Typed per app: the feature keys differ between the two apps.
  const feature = (key: string) => t(`${app}.features.${key}` as never);
  return (
    <>
      <PageIntro title={page(`${app}.heading`)} lead={t(`${app}.lead`)} />
      <div className="page-width grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('featuresHeading')}
          </h2>
          <CheckList className="mt-6" items={features.map(feature)} />
        </section>
        {/* useSearchParams needs a Suspense boundary on a static page; the fallback is the same box. */}
        <Suspense fallback={<AppAccessPending texts={texts} />}>
          <AppAccess appPath={path} texts={texts} />
        </Suspense>
      </div>
    </>
  );
}
