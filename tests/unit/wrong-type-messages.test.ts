import { z } from 'zod';
import '@/lib/contract/fields';

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0].message;

describe('the message key of a value of the wrong type', () => {
  it.each([
    [5, 'expectedText', z.string()],
    ['5', 'expectedNumber', z.number()],
    ['5', 'expectedNumber', z.number().int()],
    ['yes', 'expectedTrueOrFalse', z.boolean()],
    [{}, 'expectedList', z.array(z.string())],
    [[], 'expectedObject', z.object({})],
    [undefined, 'required', z.string()],
  ])('%j is told %s', (input, key, schema) => {
    expect(messageOf(schema, input)).toBe(key);
  });

  it('a fraction where a whole number belongs is a number, so only an invalid value', () => {
    expect(messageOf(z.number().int(), 2.5)).toBe('invalidValue');
  });
});
