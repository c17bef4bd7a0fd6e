'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { readCookieConsent, recordCookieConsent } from '@/lib/browser-storage';
import { Button } from '../ui/Button';
import { focusPageContent } from '../ui/focus-page-content';
import { useLocalePath, useShellText } from './shell-i18n';

/** The notice's height while it is shown, on <html>: SnackbarHost stands its snacks above it. */
const cookieNoticeHeightProperty = '--cookie-notice-height';

/** Another tab's consent hides the notice here too. */
function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** Shown until a consent record exists in local storage (docs/product/pages.md#cookie-notice). */
export function CookieNotice() {
  const t = useShellText();
  const localePath = useLocalePath();
  // Local storage exists only in the browser: the server's page and hydration leave the notice out.
  const consentMissing = useSyncExternalStore(
    subscribeToStorage,
    () => readCookieConsent() === null,
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);
  const open = consentMissing && !dismissed;
  const noticeRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const notice = noticeRef.current;
    if (!open || !notice) return;
    const root = document.documentElement;
    // Its height changes with the width (the text wraps), so it is followed, not read once.
    const observer = new ResizeObserver(() => root.style.setProperty(cookieNoticeHeightProperty, `${notice.offsetHeight}px`));
    observer.observe(notice);
    return () => {
      observer.disconnect();
      root.style.removeProperty(cookieNoticeHeightProperty);
    };
  }, [open]);

  if (!open) return null;

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
