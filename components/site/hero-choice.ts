import { randomInt } from '@/lib/random';

/** The three hero illustrations (spec screen 1), made by scripts/make-hero-images.mjs. */
export const heroImageNames = ['desk1', 'desk2', 'meeting'] as const;
export type HeroImageName = (typeof heroImageNames)[number];

/**
 * Shows the image whose data-hero-image is `index`, and preloads it with the srcset and sizes
 * of that <img>, so it must run after the images are parsed. It writes a <style> and a preload
 * <link> into <head> instead of touching the images, so React's DOM stays as the server
 * rendered it (no hydration mismatch). Self-contained: its source text is inlined into the page.
 */
export function showHero(index: number): void {
  const head = document.head;
  const image = document.querySelector('[data-hero-image="' + index + '"]');
  let style = document.getElementById('hero-choice');
  if (!style) {
    style = document.createElement('style');
    style.id = 'hero-choice';
    head.appendChild(style);
  }
  style.textContent = '[data-hero-image]{display:none}[data-hero-image="' + index + '"]{display:block}';
  if (!image) return;
  const preload = document.createElement('link');
  preload.setAttribute('rel', 'preload');
  preload.setAttribute('as', 'image');
  preload.setAttribute('imagesrcset', image.getAttribute('srcset') ?? '');
  preload.setAttribute('imagesizes', image.getAttribute('sizes') ?? '');
  preload.setAttribute('fetchpriority', 'high');
  head.appendChild(preload);
}

/**
 * The inline script that picks the hero while the HTML is parsed, right after the images and
 * before the first paint: the static page stays the same for every visitor, yet each visit
 * gets its own pick.
 */
export function heroChoiceScript(count: number): string {
  const call = `(${showHero.toString()})((${randomInt.toString()})(0,${count}))`;
  return `try{${call}}catch(e){}`.replace(/</g, '\\u003c');
}
