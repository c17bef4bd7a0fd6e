'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { recordCookieConsent } from '@/lib/browser-storage';
import { Button } from '../ui/Button';
import { focusPageContent } from '../ui/focus-page-content';
import { useLocalePath, useShellText } from './shell-i18n';

/** The notice's height while it is shown, on <html>: SnackbarHost stands its snacks above it. */
const cookieNoticeHeightProperty = '--cookie-notice-height';

/** The notice itself, shown by CookieNotice while no consent is recorded, until its button is pressed. */
export default function CookieNoticeLoaded() {
  const t = useShellText();
  const localePath = useLocalePath();
  const [dismissed, setDismissed] = useState(false);
  const noticeRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const notice = noticeRef.current;
    if (dismissed || !notice) return;
    const root = document.documentElement;
    // Its height changes with the width (the text wraps), so it is followed, not read once.
    const observer = new ResizeObserver(() => root.style.setProperty(cookieNoticeHeightProperty, `${notice.offsetHeight}px`));
    observer.observe(notice);
    return () => {
      observer.disconnect();
      root.style.removeProperty(cookieNoticeHeightProperty);
    };
  }, [dismissed]);

  if (dismissed) return null;

  return (
    <section
      ref={noticeRef}
      role="dialog"
      aria-label={t('cookieNotice.label')}
      // Sticky, not fixed: at the end of the page it takes its own place below the footer instead of covering it.
      className="sticky bottom-0 z-30 animate-fade-in border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="page-width flex flex-wrap items-center gap-4 py-4">
        <p className="flex-1">
          {t('cookieNotice.text')}{' '}
          <Link href={localePath('/legal/privacy-policy')} className="font-semibold text-brand-700 underline">
            {t('cookieNotice.learnMore')}
            {/* The documented wording on screen (docs/product/pages.md#cookie-notice); the link's text says where it leads for screen readers and crawlers. */}
            <span className="sr-only"> {t('cookieNotice.learnMoreContext')}</span>
          </Link>
        </p>
        <Button
          onClick={(event) => {
            recordCookieConsent();
            // The button goes with the notice: a keyboard user carries on from the page's content.
            if (event.currentTarget === document.activeElement) focusPageContent();
            setDismissed(true);
          }}
        >
          {t('cookieNotice.ok')}
        </Button>
      </div>
    </section>
  );
}
