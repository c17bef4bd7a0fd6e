/**
 * Gives the keyboard focus to the page's `<main id="main">` (app/[locale]/layout.tsx), where a
 * page load starts, when what had it is gone. `unlessInside` leaves a focus already in it.
 */
export function focusPageContent({ unlessInside = false } = {}) {
  const main = document.getElementById('main');
  if (main && !(unlessInside && main.contains(document.activeElement))) main.focus({ preventScroll: true });
}
