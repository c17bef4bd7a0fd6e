'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiCallError } from '@/lib/api/client';
import { cartQuantity, updateCart } from '@/lib/api/store';
import type { CartModel } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { TAX_DEBOUNCE_MS, toUpdateRequest } from './cart-form';
import type { CartFormInput, CartFormOutput, TaxStatus } from './cart-form-schema';

/**
 * docs/product/store.md#cart-and-tax: any change sets the tax to 'not calculated'; after 2000 ms without change a
 * valid form shows 'calculating' and saves the cart (which prices it), an invalid billing
 * contact shows 'address required'. Saves go one after another, so the server keeps the last
 * one; an answer that a newer change has overtaken is not shown. Lines the answer brings that
 * the page did not show (added in another tab) join the form.
 */
export function useCartTax(
  form: UseFormReturn<CartFormInput, unknown, CartFormOutput>,
  initialCart: CartModel,
  /** Where the login asked for by a lost session returns to. */
  returnTo: string,
) {
  const save = useMutation({ mutationFn: updateCart, meta: { login: { returnTo } } });
  const [cart, setCart] = useState(initialCart);
  // The server keeps a billing contact only once it passed the rules, and prices the cart
  // for it: a saved contact means the tax shown is calculated.
  const [tax, setTax] = useState<TaxStatus>(() => (initialCart.BillingName ? 'calculated' : 'addressRequired'));
  const [saving, setSaving] = useState(false);
  const latestChange = useRef(0);
  const saves = useRef(Promise.resolve());
  const addingServerLines = useRef(false);

  const showNewLines = (shown: CartModel, updated: CartModel) => {
    const known = new Set(shown.LineItems.map((line) => line.Key));
    addingServerLines.current = true;
    for (const line of updated.LineItems) if (!known.has(line.Key)) form.setValue(`Quantities.${line.Key}`, String(line.Quantity));
    addingServerLines.current = false;
  };

  const recalculate = async (change: number) => {
    if (change !== latestChange.current) return;
    setSaving(true);
    try {
      const { taxStatusOf } = await import('./cart-form-schema');
      if (change !== latestChange.current) return;
      const { status, parsed } = taxStatusOf(form.getValues());
      setTax(status);
      if (!parsed) return;
      const updated = await save.mutateAsync(toUpdateRequest(cart, parsed));
      appActions.setCartCount(cartQuantity(updated));
      if (change !== latestChange.current) return;
      showNewLines(cart, updated);
      setCart(updated);
      setTax('calculated');
    } catch (error) {
      if (change === latestChange.current) setTax(error instanceof ApiCallError && error.status === 401 ? 'notCalculated' : 'saveFailed');
    } finally {
      setSaving(false);
    }
  };
  // A queued save runs this render's or a later one's code, whichever is current when its turn comes.
  const latestRecalculate = useRef(recalculate);
  useEffect(() => {
    latestRecalculate.current = recalculate;
  });

  const queueSave = (change: number) => {
    saves.current = saves.current.then(() => latestRecalculate.current(change));
  };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      if (addingServerLines.current) return;
      const change = ++latestChange.current;
      setTax('notCalculated');
      clearTimeout(timer);
      timer = setTimeout(() => queueSave(change), TAX_DEBOUNCE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [form]);

  /** Saves the form as it is now, without the pause (edits that waited for a login). */
  const saveNow = () => queueSave(++latestChange.current);

  return { cart, tax, saving, saveNow };
}
