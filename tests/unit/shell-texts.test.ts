import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { flattenMessages, formMessagePaths, pickMessages, shellMessagePaths } from '@/components/shell/shell-messages';
import { fillArguments } from '@/lib/contract/text';
import { messages } from '../components/render';

describe('the shell dictionary', () => {
  it.each(['en', 'de', 'ru'] as const)('%s: every shell text, and every form error text that joins it, exists and uses plain {name} arguments only (no ICU runtime in the shell)', (locale) => {
    const paths = [...shellMessagePaths, ...formMessagePaths];
    const texts = flattenMessages(pickMessages(messages[locale] as unknown as Record<string, unknown>, paths));
    for (const path of paths) expect(Object.keys(texts).some((key) => key === path || key.startsWith(`${path}.`))).toBe(true);
    for (const [key, text] of Object.entries(texts)) {
      const kinds = parse(text).map((element) => element.type);
      expect({ key, plain: kinds.every((kind) => kind === TYPE.literal || kind === TYPE.argument) }).toEqual({ key, plain: true });
    }
  });

  it('fills {name} arguments and leaves unknown ones', () => {
    expect(fillArguments('Shopping cart ({count})', { count: 12 })).toBe('Shopping cart (12)');
    expect(fillArguments('Hello {name}')).toBe('Hello {name}');
  });
});
