import { buttonClass } from '../ui/Button';
import { PageSection } from '../ui/PageSection';

export interface PageErrorTexts {
  title: string;
  text: string;
  retry: string;
  home: string;
}

/**
 * What a page that failed to render shows instead (app/[locale]/error.tsx, and
 * app/global-error.tsx when even the layout failed): what happened, another try, the way home.
 */
export function PageErrorView({ texts, homeHref, onRetry }: { texts: PageErrorTexts; homeHref: string; onRetry(): void }) {
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
