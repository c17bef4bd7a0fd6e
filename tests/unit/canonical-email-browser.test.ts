/**
 * @jest-environment jsdom
 */
// The browser's side of the shared contract: jsdom's URL is whatwg-url, a URL parser other
// than Node's, so both must map every domain alike for a form and the API to agree.
import { URL as NodeURL } from 'node:url';
import { canonicalEmail } from '@/lib/contract/limits';
import { canonicalForms } from './canonical-email-cases';

it('uses a URL parser that is not Node’s', () => {
  expect(URL).not.toBe(NodeURL);
});

it.each(canonicalForms)('%s → %s in the browser too', (typed, canonical) => {
  expect(canonicalEmail(typed)).toBe(canonical);
});
