'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ApiCallError } from '@/lib/api/client';
import { cartQuantity, updateCart } from '@/lib/api/store';
import type { CartModel, UpdateCartRequest } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { quantitiesChanged, TAX_DEBOUNCE_MS, toUpdateRequest } from './cart-form';
import type { CartFormInput, CartFormOutput, TaxStatus } from './cart-form-schema';

/**
 * docs/product/store.md#cart-and-tax: any change sets the tax to 'not calculated'; after 2000 ms without change the
 * cart is saved. Valid quantities are saved with or without a billing contact; with a valid
 * one the tax shows 'calculating' and the save prices it, otherwise it shows 'address
 * required'. Saves go one after another, so the server keeps the last one; an answer that a
 * newer change has overtaken is not shown. Lines the answer brings that the page did not show
 * (added in another tab) join the form. Leaving the page does not wait for the pause: a
 * pending change is saved as the page unmounts or closes.
 */
export function useCartTax(
  form: UseFormReturn<CartFormInput, unknown, CartFormOutput>,
  initialCart: CartModel,
  /** Where the login asked for by a lost session returns to. */
  returnTo: string,
) {
  const save = useMutation({
    mutationFn: ({ request, keepalive }: { request: UpdateCartRequest; keepalive: boolean }) => updateCart(request, { keepalive }),
    meta: { login: { returnTo } },
  });
  const [cart, setCart] = useState(initialCart);
  // The server keeps a billing contact only once it passed the rules, and prices the cart
  // for it: a saved contact means the tax shown is calculated.
  const [tax, setTax] = useState<TaxStatus>(() => (initialCart.BillingName ? 'calculated' : 'addressRequired'));
  const [saving, setSaving] = useState(false);
  // The billing contact as last saved, as the form holds it: what differs is not saved yet.
  const [savedBilling, setSavedBilling] = useState(() => JSON.stringify(form.getValues('Billing')));
  const billing = useWatch({ control: form.control, name: 'Billing' });
  const latestChange = useRef(0);
  const saves = useRef(Promise.resolve());
  const addingServerLines = useRef(false);
  const pending = useRef<{ change: number; timer: ReturnType<typeof setTimeout> } | null>(null);

  const showNewLines = (shown: CartModel, updated: CartModel) => {
    const known = new Set(shown.LineItems.map((line) => line.Key));
    addingServerLines.current = true;
    for (const line of updated.LineItems) if (!known.has(line.Key)) form.setValue(`Quantities.${line.Key}`, String(line.Quantity));
    addingServerLines.current = false;
  };

  const recalculate = async (change: number, keepalive = false) => {
    if (change !== latestChange.current) return;
    setSaving(true);
    try {
      const { checkCartForm } = await import('./cart-form-schema');
      if (change !== latestChange.current) return;
      const values = form.getValues();
      const checked = checkCartForm(values);
      // Taken now: the form's objects change with the edits made while the save is on its way.
      const sentBilling = JSON.stringify(values.Billing);
      setTax(checked.status);
      const { quantities } = checked;
      // Without a billing contact only changed quantities are worth a save.
      if (!quantities || (!checked.billing && !quantitiesChanged(cart, quantities))) return;
      const request = toUpdateRequest(cart, quantities, checked.billing);
      const updated = await save.mutateAsync({ request, keepalive });
      appActions.setCartCount(cartQuantity(updated));
      if (checked.billing) setSavedBilling(sentBilling);
      if (change !== latestChange.current) return;
      showNewLines(cart, updated);
      setCart(updated);
      setTax(checked.billing ? 'calculated' : 'addressRequired');
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
    const subscription = form.watch(() => {
      if (addingServerLines.current) return;
      const change = ++latestChange.current;
      setTax('notCalculated');
      clearTimeout(pending.current?.timer);
      const timer = setTimeout(() => {
        pending.current = null;
        queueSave(change);
      }, TAX_DEBOUNCE_MS);
      pending.current = { change, timer };
    });
    // Leaving saves the change still in its pause. A closing page cannot wait for a save
    // before it, so that one goes at once and outlives the page.
    const saveWaitingChange = ({ closing }: { closing: boolean }) => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = null;
      if (closing) void latestRecalculate.current(waiting.change, true);
      else queueSave(waiting.change);
    };
    const onPageHide = () => saveWaitingChange({ closing: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      saveWaitingChange({ closing: false });
    };
  }, [form]);

  /** Saves the form as it is now, without the pause (edits that waited for a login). */
  const saveNow = () => queueSave(++latestChange.current);

  return { cart, tax, saving, saveNow, billingUnsaved: JSON.stringify(billing) !== savedBilling };
}
