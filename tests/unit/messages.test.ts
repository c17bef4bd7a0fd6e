import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { messageDomains } from '@/i18n/messages';

const root = path.join(__dirname, '..', '..', 'messages');
const files = ['', 'email', 'api', 'page-error', ...messageDomains].map(
  (domain) => (locale: string) => path.join(root, domain, `${locale}.json`),
);

function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    }
  } else out.set(prefix.slice(0, -1), tree);
  return out;
}

describe.each(files.map((file) => [path.relative(root, file('en')), file]))('%s', (_, file) => {
  const en = flatten(JSON.parse(fs.readFileSync(file('en'), 'utf8')));

  it.each(['de', 'ru'])('has every key of en in %s, and no other', (locale) => {
    const other = flatten(JSON.parse(fs.readFileSync(file(locale), 'utf8')));
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(['en', 'de', 'ru'])('%s: every text is valid ICU with the same placeholders as en', (locale) => {
    const messages = flatten(JSON.parse(fs.readFileSync(file(locale), 'utf8')));
    for (const [key, value] of messages) {
      if (typeof value !== 'string') continue;
      expect(() => parse(value)).not.toThrow();
      const names = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
      expect({ key, names: names(value) }).toEqual({ key, names: names(String(en.get(key))) });
    }
  });
});
