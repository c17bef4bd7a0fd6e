'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { fetchServiceOffers } from '@/lib/api/billing';
import type { Invoice } from '@/lib/contract/billing';
import { invoiceStatus } from '@/lib/contract/presentation';
import type { ServiceOffer } from '@/lib/contract/store';
import { isHostedApp, PAYMENT_SUCCESSFUL_PARAM } from '@/lib/portal-paths';
import { buttonClass } from '../ui/button-class';
import { AppLink } from './AppLink';

interface BoughtService {
  name: string;
  appPage: string;
}

/** One entry per hosted app bought on the invoice, in line order (consulting has no app to open). */
export function servicesBought(invoice: Pick<Invoice, 'LineItems'>, offers: readonly ServiceOffer[]): BoughtService[] {
  const byKey = new Map(offers.map((offer) => [offer.Key, offer]));
  const services = new Map<string, BoughtService>();
  for (const line of invoice.LineItems) {
    const offer = byKey.get(line.Key);
    if (offer && isHostedApp(offer.AppPage) && !services.has(offer.ServiceName))
      services.set(offer.ServiceName, { name: offer.ServiceName, appPage: offer.AppPage });
  }
  return [...services.values()];
}

/**
 * The invoice page (docs/product/billing.md#invoice-page) after a payment (?payment_successful=true, set by the payment-return page):
 * the thank-you line and an OPEN {SERVICE} APP button per service bought. Shown only for a
 * paid invoice, so an edited address never thanks for money that did not arrive.
 */
export function PaymentSuccess({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing.invoice');
  const locale = useLocale();
  const shown = useSearchParams()?.get(PAYMENT_SUCCESSFUL_PARAM) === 'true' && invoiceStatus(invoice) === 'paid';
  const [services, setServices] = useState<BoughtService[]>([]);

  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    fetchServiceOffers(controller.signal).then(
      (offers) => setServices(servicesBought(invoice, offers)),
      // Without the catalog the thank-you line still stands; the buttons are extra.
      () => undefined,
    );
    return () => controller.abort();
  }, [shown, invoice]);

  if (!shown) return null;
  return (
    <div data-print="hide" className="flex flex-col gap-4 rounded-lg border border-green-700/30 bg-green-50 p-5">
      <p role="status" className="flex items-center gap-3 font-semibold text-green-900">
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="size-6 shrink-0 text-green-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m7.5 12.5 3 3 6-6" />
        </svg>
        {t('paymentSuccessful')}
      </p>
      {services.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {services.map((service) => (
            <AppLink key={service.name} href={service.appPage} className={buttonClass('primary', 'w-full sm:w-auto')}>
              {t('openApp', { service: service.name.toLocaleUpperCase(locale) })}
            </AppLink>
          ))}
        </div>
      )}
    </div>
  );
}
