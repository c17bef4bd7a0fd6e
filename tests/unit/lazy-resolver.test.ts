/** @jest-environment jsdom */
import { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';

const schema = z.object({ Name: z.string().min(1, 'Name is required') });

it('loads the schema at the first focus on the page, once', async () => {
  const loadSchema = jest.fn(async () => schema);
  lazyZodResolver(loadSchema);
  expect(loadSchema).not.toHaveBeenCalled();
  document.dispatchEvent(new FocusEvent('focusin'));
  document.dispatchEvent(new FocusEvent('focusin'));
  expect(loadSchema).toHaveBeenCalledTimes(1);
});

it('validates with the loaded schema, loading it at the first validation when nothing was focused', async () => {
  const loadSchema = jest.fn(async () => schema);
  const resolver = lazyZodResolver<{ Name: string }>(loadSchema);
  const options = { fields: {}, shouldUseNativeValidation: false };
  const bad = await resolver({ Name: '' }, undefined, options);
  expect(bad.errors.Name?.message).toBe('Name is required');
  const good = await resolver({ Name: 'Ann' }, undefined, options);
  expect(good.values).toEqual({ Name: 'Ann' });
  expect(loadSchema).toHaveBeenCalledTimes(1);
});
