export type ButtonVariant = 'primary' | 'warn' | 'plain' | 'inverse';

/** Whole names, for Tailwind's scan of the sources; the looks live in app/globals.css. */
const variants: Record<ButtonVariant, string> = { primary: 'btn-primary', warn: 'btn-warn', plain: 'btn-plain', inverse: 'btn-inverse' };

/**
 * One class per look rather than its utilities: the list repeats in every page's HTML and RSC
 * payload. Joined by hand, not with cx: every page's first load carries this, clsx with it.
 */
export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) => `btn ${variants[variant]}${extra ? ` ${extra}` : ''}`;
