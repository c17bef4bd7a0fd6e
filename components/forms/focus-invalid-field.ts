/**
 * After an invalid submit: focuses the first field with an error (in page order) and brings
 * what names it into view below the sticky header — its section's heading when heading and
 * field fit on screen together, else its label. The browser's own focus scroll does nothing
 * for a field that already shows, and stops at the field, so either can stay under the header.
 */
export function focusInvalidField(form: HTMLFormElement, invalidNames: readonly string[]): void {
  const field = [...form.elements].find(
    (element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) &&
      invalidNames.includes(element.name),
  );
  if (!field) return;
  field.focus({ preventScroll: true });

  // The page keeps the header's room as its scroll padding (app/globals.css).
  const headerRoom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const fieldBox = field.getBoundingClientRect();
  const fits = (top: number) => fieldBox.bottom - top <= window.innerHeight - headerRoom;
  const tops = [sectionHeading(field), field.labels?.[0]].flatMap((element) => (element ? [element.getBoundingClientRect().top] : []));
  const top = tops.find(fits) ?? fieldBox.top;
  if (top >= headerRoom && fieldBox.bottom <= window.innerHeight) return;
  window.scrollBy({ top: top - headerRoom });
}

function sectionHeading(field: HTMLElement): HTMLElement | null {
  const section = field.closest('section');
  const labelledBy = section?.getAttribute('aria-labelledby');
  return (labelledBy && document.getElementById(labelledBy)) || section?.querySelector('h2, h3') || null;
}
