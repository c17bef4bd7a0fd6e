import { getImageProps } from 'next/image';
import { LocaleLink as Link } from '@/components/shell/LocaleLink';
import { heroChoiceScript, heroImageNames, type HeroImageName } from './hero-choice';
import { HeroPicker } from './HeroPicker';

const width = 1600;
const height = 900;
// Two columns from 1280 px (content 992 px), one column below it inside the page width; on a
// phone the page width is the screen less its padding.
const sizes = '(min-width: 1280px) 460px, (min-width: 960px) 736px, (min-width: 600px) 608px, calc(100vw - 2rem)';

/**
 * The home hero (docs/product/pages.md#home): one of three images, chosen at random per visit, linking to
 * the consulting page. All three share one box of fixed aspect ratio, so the pick never
 * shifts the layout. All start hidden, so a paint before the pick loads none of them; without
 * JavaScript the first one shows.
 */
export function HeroImage({ href, alts }: { href: string; alts: Record<HeroImageName, string> }) {
  const images = heroImageNames.map(
    (name) => getImageProps({ src: `/images/hero/${name}.webp`, alt: alts[name], width, height, sizes, loading: 'lazy' }).props,
  );
  return (
    <>
      <Link
        href={href}
        data-testid="hero-link"
        className="block aspect-video overflow-hidden rounded-2xl bg-brand-100 shadow-xl ring-1 ring-slate-900/5 transition hover:shadow-2xl focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      >
        {images.map((image, index) => (
          // All lazy, so the hidden ones never load; the pick (hero-choice.ts) makes its image eager.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            key={image.src}
            {...image}
            alt={image.alt}
            data-hero-image={index}
            suppressHydrationWarning
            className="hidden aspect-video h-auto w-full bg-brand-100"
          />
        ))}
        <noscript dangerouslySetInnerHTML={{ __html: '<style>[data-hero-image="0"]{display:block}</style>' }} />
      </Link>
      <HeroPicker script={heroChoiceScript(images.length)} count={images.length} />
    </>
  );
}
