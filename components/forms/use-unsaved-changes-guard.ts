'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { confirm } from '@/lib/state/confirm';

/** Message keys of the question; the confirm dialog translates them. */
const unsavedChangesQuestion = {
  titleKey: 'account.unsaved.title',
  messageKey: 'account.unsaved.message',
  icon: 'warning',
  warn: true,
} as const;

/** The same-origin page a click on a link would open, or null when the click is not ours to stop. */
function linkTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  // A new tab leaves this page (and its form) as it is.
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // Same page, another anchor: nothing is left.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/** A Back or Forward within the site that leaves this page, or null when it is not ours to stop. */
function historyTarget(event: NavigateEvent): number | null {
  // Another document: not cancelable, and beforeunload asks instead.
  if (event.navigationType !== 'traverse' || !event.cancelable) return null;
  const url = new URL(event.destination.url);
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  const current = window.navigation.currentEntry;
  return current ? event.destination.index - current.index : null;
}

/**
 * docs/product/languages-and-routing.md#unsaved-changes-guard: a form page with unsaved changes asks before it is left — the browser's own
 * question on reload, close and Back to another site, the confirm dialog for links and
 * Back/Forward inside the site (Navigation API; where a browser lacks it, Back is not asked).
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  // The plain Next router: the link's href already carries its locale prefix.
  const router = useRouter();
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    leaving.current = false;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers still need a truthy returnValue to show the question.
      event.returnValue = true;
    };

    const onClick = (event: MouseEvent) => {
      const url = linkTarget(event);
      if (!url) return;
      // Capture phase on window: runs before the Link's own handler, which never sees the click.
      event.preventDefault();
      event.stopPropagation();
      void confirm(unsavedChangesQuestion).then((leave) => {
        if (!leave) return;
        leaving.current = true;
        router.push(url.pathname + url.search + url.hash);
      });
    };

    const onNavigate = (event: NavigateEvent) => {
      const delta = leaving.current ? null : historyTarget(event);
      if (delta === null) return;
      // Cancelled before Next's router sees a popstate: the page and its form stay as they are.
      event.preventDefault();
      void confirm(unsavedChangesQuestion).then((leave) => {
        if (!leave) return;
        leaving.current = true;
        window.history.go(delta);
      });
    };

    const navigation = 'navigation' in window ? window.navigation : null;
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [dirty, router]);
}
