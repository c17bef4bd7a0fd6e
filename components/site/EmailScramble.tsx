import { ScrambledText } from './ScrambledText';

/**
 * The support address as a mail link whose visible text cycles between a statement and the
 * address with a scrambled-letter reveal (docs/product/pages.md#contact, timing in lib/scramble). Screen
 * readers get only the address; with reduced motion the address stands still. So that the
 * motion does not go on for as long as the page is open (WCAG 2.2.2), the address stands still
 * while the link is pointed at or focused (CSS), and the cycle rests on it after a few rounds.
 */
export function EmailScramble({ address, statement }: { address: string; statement: string }) {
  return (
    <a
      href={`mailto:${address}`}
      data-testid="email-scramble"
      className="group block min-h-[2lh] rounded font-mono text-sm break-all text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:min-h-[1lh]"
    >
      <span className="sr-only">{address}</span>
      <ScrambledText address={address} statement={statement} />
      <span aria-hidden className="hidden group-hover:inline group-focus:inline motion-reduce:inline">
        {address}
      </span>
    </a>
  );
}
