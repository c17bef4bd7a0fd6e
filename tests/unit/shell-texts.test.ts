import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { flattenMessages, formMessagePaths, pickMessages, shellMessagePaths } from '@/components/shell/shell-messages';
import { fillArguments } from '@/lib/contract/text';
import { messages } from '../components/render';

describe('the shell dictionary', () => {
  it.each(['en', 'de', 'ru'] as const)(
    '%s: every shell text, and every form error text that joins it, exists and uses plain {name} arguments only (no ICU runtime in the shell)',
    (locale) => {
      const paths = [...shellMessagePaths, ...formMessagePaths];
      const texts = flattenMessages(pickMessages(messages[locale] as unknown as Record<string, unknown>, paths));
      for (const path of paths) expect(Object.keys(texts).some((key) => key === path || key.startsWith(`${path}.`))).toBe(true);
      for (const [key, text] of Object.entries(texts)) {
        const kinds = parse(text).map((element) => element.type);
        expect({ key, plain: kinds.every((kind) => kind === TYPE.literal || kind === TYPE.argument) }).toEqual({ key, plain: true });
      }
    },
  );

  it('carries every snack text the code shows: a snack outlives the page that showed it', () => {
    // Snack contents are written `{ key: '…' }` or `{ key: '…', values: … }` (lib/state/snackbar.ts).
    const sourceFiles = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const keys = ['components', 'lib']
      .flatMap((folder) => sourceFiles(folder))
      .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\{ key: '([\w.]+)'(?: \}|, values: )/g)].map((match) => match[1]));
    expect(keys.length).toBeGreaterThanOrEqual(15);
    const carried = (key: string) => shellMessagePaths.some((shellPath) => key === shellPath || key.startsWith(`${shellPath}.`));
    expect(keys.filter((key) => !carried(key))).toEqual([]);
  });

  it('fills {name} arguments and leaves unknown ones', () => {
    expect(fillArguments('Shopping cart ({count})', { count: 12 })).toBe('Shopping cart (12)');
    expect(fillArguments('Hello {name}')).toBe('Hello {name}');
  });
});
