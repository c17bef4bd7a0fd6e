'use client';

import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { randomInt } from '@/lib/random';
import { showHero } from './hero-choice';

const noSubscription = () => () => {};

/**
 * Keeps the hero random on every visit. On a page load the inline script has already picked
 * before the first paint, so hydration keeps that pick; when home is reached by client-side
 * navigation (no script runs then) a layout effect picks before the paint instead. It comes
 * after the images, which both read.
 */
export function HeroPicker({ script, count }: { script: string; count: number }) {
  // True on the server and while hydrating its HTML, false when React renders in the browser.
  const renderedOnServer = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const pickedByScript = useRef(renderedOnServer);

  useLayoutEffect(() => {
    if (!pickedByScript.current) showHero(randomInt(0, count));
  }, [count]);

  // React never runs a script it renders in the browser (and warns about it), so only the
  // server's HTML carries it. An async module, because a classic inline script waits for the
  // stylesheets before it runs, and the picked image's request with it; this one runs as soon as
  // the parser has passed the images.
  return renderedOnServer ? <script type="module" async dangerouslySetInnerHTML={{ __html: script }} /> : null;
}
