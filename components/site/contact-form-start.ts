import type { SupportMessageInput } from '@/lib/contract/support';
import type { ContactField } from './ContactFormView';

export const emptyMessage: SupportMessageInput = { FullName: '', EmailAddress: '', Phone: '', Message: '' };

/** Where the plain contact form was when its code arrived: the loaded form goes on from there. */
export interface ContactFormStart {
  values: SupportMessageInput;
  focused: ContactField | null;
  selection: [number, number] | null;
  /** Fields the visitor has already left: their errors show at once (touched, docs/product/validation.md#how-fields-are-judged). */
  touched: ContactField[];
  submitted: boolean;
}

export const contactFields = Object.keys(emptyMessage) as ContactField[];
const isField = (name: string): name is ContactField => (contactFields as string[]).includes(name);

export function contactFormStart(form: HTMLFormElement, left: Iterable<string>, submitted: boolean): ContactFormStart {
  const values = { ...emptyMessage };
  for (const name of contactFields) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) values[name] = field.value;
  }
  const active = document.activeElement;
  const inForm =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && form.contains(active) && isField(active.name);
  return {
    values,
    focused: inForm ? (active.name as ContactField) : null,
    selection:
      inForm && active.selectionStart !== null && active.selectionEnd !== null ? [active.selectionStart, active.selectionEnd] : null,
    touched: [...left].filter(isField),
    submitted,
  };
}
