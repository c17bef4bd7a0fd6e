import { trimToEmpty, trimToNull } from '@/lib/contract/fields';

describe('trim helpers', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['   ', ''],
    ['\t\n', ''],
    ['  Ada Lovelace ', 'Ada Lovelace'],
    ['a  b', 'a  b'],
  ])('trimToEmpty(%j) is %j', (input, expected) => {
    expect(trimToEmpty(input)).toBe(expected);
  });

  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    [' 555-0100 ', '555-0100'],
    ['0', '0'],
  ])('trimToNull(%j) is %j', (input, expected) => {
    expect(trimToNull(input)).toBe(expected);
  });
});
