import { randomInt } from '@/lib/random';

/** The three hero illustrations (docs/product/pages.md#home), made by scripts/make-hero-images.mjs. */
export const heroImageNames = ['desk1', 'desk2', 'meeting'] as const;
export type HeroImageName = (typeof heroImageNames)[number];

/**
 * Shows the image whose data-hero-image is `index` and loads it at once with high priority: it
 * is the page's largest paint. The server renders every variant lazy, so the hidden ones never
 * load. Must run after the images are parsed. Visibility goes through a <style> in <head>, and
 * the images carry suppressHydrationWarning for the two attributes changed here, so React's
 * hydration keeps the server's DOM. Self-contained: its source text is inlined into the page.
 */
export function showHero(index: number): void {
  let style = document.getElementById('hero-choice');
  if (!style) {
    style = document.createElement('style');
    style.id = 'hero-choice';
    document.head.appendChild(style);
  }
  style.textContent = '[data-hero-image]{display:none}[data-hero-image="' + index + '"]{display:block}';
  const image = document.querySelector('[data-hero-image="' + index + '"]');
  if (!image) return;
  image.setAttribute('fetchpriority', 'high');
  // From lazy to eager: the browser starts the deferred load now, before layout.
  image.setAttribute('loading', 'eager');
}

/**
 * The inline script that picks the hero while the HTML is parsed, right after the images and
 * before the first paint: the static page stays the same for every visitor, yet each visit
 * gets its own pick. HeroPicker inlines it as a module, so it runs in strict mode.
 */
export function heroChoiceScript(count: number): string {
  const call = `(${showHero.toString()})((${randomInt.toString()})(0,${count}))`;
  return `try{${call}}catch(e){}`.replace(/</g, '\\u003c');
}
