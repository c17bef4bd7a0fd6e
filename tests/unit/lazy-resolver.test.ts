/** @jest-environment jsdom */
import { z } from 'zod';
import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { snackbarStore } from '@/lib/state/snackbar';

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

it('says Unable to connect server and sends nothing when the rules cannot be downloaded, and tries again next time', async () => {
  const loadSchema = jest
    .fn<Promise<typeof schema>, []>()
    .mockRejectedValueOnce(new Error('Failed to load chunk'))
    .mockResolvedValue(schema);
  const resolver = lazyZodResolver<{ Name: string }>(loadSchema);
  const options = { fields: {}, shouldUseNativeValidation: false };
  const offline = await resolver({ Name: 'Ann' }, undefined, options);
  expect(offline.values).toEqual({});
  expect(offline.errors.root?.type).toBe('unavailable');
  expect(snackbarStore.get().current).toMatchObject({ content: { key: 'snack.unableToConnect' }, style: 'error' });
  const online = await resolver({ Name: 'Ann' }, undefined, options);
  expect(online.values).toEqual({ Name: 'Ann' });
  expect(loadSchema).toHaveBeenCalledTimes(2);
});
