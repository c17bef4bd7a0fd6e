import type { AppLocale } from '@/i18n/routing';
import de from '@/messages/page-error/de.json';
import en from '@/messages/page-error/en.json';
import ru from '@/messages/page-error/ru.json';
import { buttonClass } from '../ui/button-class';
import { PageSection } from '../ui/PageSection';

/**
 * The error pages' texts, in files of their own: app/global-error.tsx is in every page's
 * first-load JS and has no server to pick texts for it, so it imports them, and a bundler takes
 * a JSON file whole: imported from the site's whole message files, every page carried them all.
 */
const pageErrorTexts = { en, de, ru } satisfies Record<AppLocale, Record<'title' | 'text' | 'retry' | 'home', string>>;

/**
 * What a page that failed to render shows instead (app/[locale]/error.tsx, and
 * app/global-error.tsx when even the layout failed): what happened, another try, the way home.
 */
export default function PageErrorView({ locale, homeHref, onRetry }: { locale: AppLocale; homeHref: string; onRetry(): void }) {
  const texts = pageErrorTexts[locale];
  return (
    <PageSection title={texts.title}>
      <div role="alert" className="flex max-w-xl flex-col items-start gap-5">
        <p className="text-slate-800">{texts.text}</p>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClass('primary')} onClick={onRetry}>
            {texts.retry}
          </button>
          {/* A full load: whatever broke this page is left behind. */}
          <a href={homeHref} className={buttonClass('plain')}>
            {texts.home}
          </a>
        </div>
      </div>
    </PageSection>
  );
}
