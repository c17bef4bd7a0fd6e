/**
 * @jest-environment jsdom
 */
import { heroChoiceScript, heroImageNames, showHero } from '@/components/site/hero-choice';

const srcSets = heroImageNames.map((name) => `/img/${name}-640.webp 640w, /img/${name}-1200.webp 1200w`);
const sizes = '(min-width: 1280px) 460px, 100vw';

function choice() {
  const style = document.getElementById('hero-choice');
  const shown = /\[data-hero-image="(\d)"\]\{display:block\}/.exec(style?.textContent ?? '')?.[1];
  const images = [...document.querySelectorAll<HTMLImageElement>('[data-hero-image]')];
  // What each image asks of the browser: loads now (eager, with its priority) or waits (lazy).
  const loading = images.map(
    (image) => `${image.getAttribute('loading')}${image.getAttribute('fetchpriority') ? ` ${image.getAttribute('fetchpriority')}` : ''}`,
  );
  return { shown: shown === undefined ? undefined : Number(shown), loading };
}

// The three images as the server renders them; the pick reads srcset and sizes from them.
const heroImages = srcSets
  .map((srcSet, index) => `<img data-hero-image="${index}" srcset="${srcSet}" sizes="${sizes}" loading="lazy">`)
  .join('');

describe('hero choice', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = heroImages;
    jest.restoreAllMocks();
  });

  it('shows one image and loads it eagerly with high priority; the others stay lazy and hidden, so never load', () => {
    showHero(2);
    const { shown, loading } = choice();
    expect(shown).toBe(2);
    expect(loading).toEqual(['lazy', 'lazy', 'eager high']);
    // Nothing else is fetched for it: the <img> itself is the one request.
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });

  it('reuses its style element when the pick changes', () => {
    showHero(0);
    showHero(1);
    expect(document.querySelectorAll('#hero-choice')).toHaveLength(1);
    expect(choice().shown).toBe(1);
  });

  it('the inline script runs on its own and draws each of the three with randomInt', () => {
    const script = heroChoiceScript(3);
    expect(script).not.toContain('</');
    const seen = new Set<number>();
    for (const draw of [0, 0.34, 0.67, 0.999]) {
      jest.spyOn(Math, 'random').mockReturnValue(draw);
      document.head.innerHTML = '';
      document.body.innerHTML = heroImages;
      // The script is self-contained: no imports, no outer variables; strict, as the module it runs in.
      new Function(`'use strict';${script}`)();
      const { shown, loading } = choice();
      expect(shown).toBe(Math.floor(draw * 3));
      expect(loading[shown!]).toBe('eager high');
      seen.add(shown!);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});
