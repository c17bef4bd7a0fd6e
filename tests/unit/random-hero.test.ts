/**
 * @jest-environment jsdom
 */
import { heroChoiceScript, heroImageNames, showHero } from '@/components/site/hero-choice';

const srcSets = heroImageNames.map((name) => `/img/${name}-640.webp 640w, /img/${name}-1200.webp 1200w`);
const sizes = '(min-width: 1280px) 460px, 100vw';

function choice() {
  const style = document.getElementById('hero-choice');
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  const shown = /\[data-hero-image="(\d)"\]\{display:block\}/.exec(style?.textContent ?? '')?.[1];
  return { shown: shown === undefined ? undefined : Number(shown), preloads };
}

// The three images as the server renders them; the pick reads srcset and sizes from them.
const heroImages = srcSets.map((srcSet, index) => `<img data-hero-image="${index}" srcset="${srcSet}" sizes="${sizes}" loading="lazy">`).join('');

describe('hero choice (spec screen 1)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = heroImages;
    jest.restoreAllMocks();
  });

  it('shows one image and preloads exactly that one', () => {
    showHero(2);
    const { shown, preloads } = choice();
    expect(shown).toBe(2);
    expect(preloads).toHaveLength(1);
    expect(preloads[0].getAttribute('imagesrcset')).toBe(srcSets[2]);
    expect(preloads[0].getAttribute('imagesizes')).toBe(sizes);
    expect(preloads[0].getAttribute('fetchpriority')).toBe('high');
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
      // The script is self-contained: no imports, no outer variables.
      new Function(script)();
      const { shown, preloads } = choice();
      expect(shown).toBe(Math.floor(draw * 3));
      expect(preloads[0].getAttribute('imagesrcset')).toBe(srcSets[shown!]);
      seen.add(shown!);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});
