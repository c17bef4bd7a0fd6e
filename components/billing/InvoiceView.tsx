'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Suspense } from 'react';
import { Link } from '@/i18n/navigation';
import { fetchInvoice, invoicePdfUrl } from '@/lib/api/billing';
import type { Invoice } from '@/lib/contract/billing';
import type { Language } from '@/lib/contract/languages';
import { invoiceStatus } from '@/lib/contract/presentation';
import { useSessionCheckedDownload } from '../account/use-session-checked-download';
import { buttonClass } from '../ui/button-class';
import { DownloadIcon } from '../ui/DownloadIcon';
import { InvoiceDocument } from './InvoiceDocument';
import { PaymentSuccess } from './PaymentSuccess';
import { PortalStatus } from './PortalStatus';
import { usePortalQuery } from './use-portal-query';
import { payInvoicePath } from '@/lib/portal-paths';

/** Printing the invoice leaves the site's header, footer and the page's buttons out. */
const printStyle =
  '@media print { body > header, body > footer, [data-print="hide"] { display: none !important; } body { background: #fff; } }';

/** The invoice page's client island (docs/product/billing.md#invoice-page). */
export function InvoiceView({ id }: { id: string }) {
  const t = useTranslations('billing');
  const { state, retry } = usePortalQuery(['invoice', id], (signal) => fetchInvoice(id, signal));
  if (state.status !== 'ready') return <PortalStatus state={state} notFound={t('invoice.notFound')} onRetry={retry} />;
  const invoice = state.data;
  return (
    <div className="flex flex-col gap-6">
      <style>{printStyle}</style>
      {/* Reading the query needs a Suspense boundary on a statically rendered page. */}
      <Suspense fallback={null}>
        <PaymentSuccess invoice={invoice} />
      </Suspense>
      <InvoiceActions invoice={invoice} />
      <InvoiceDocument invoice={invoice} />
    </div>
  );
}

/** Only an unpaid invoice offers Pay Now, a checkout of that invoice (docs/product/billing.md#invoice-status). */
function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing');
  const locale = useLocale() as Language;
  const download = useSessionCheckedDownload();
  return (
    <div data-print="hide" className="flex flex-wrap items-center gap-3">
      <Link href="/account/billing" className={buttonClass('plain', 'mr-auto -ml-4')}>
        <span aria-hidden>←</span> {t('backToBilling')}
      </Link>
      <button type="button" onClick={() => window.print()} className={buttonClass('plain')}>
        {t('invoice.print')}
      </button>
      <a
        href={invoicePdfUrl(invoice.Key, locale)}
        download
        onClick={(event) => void download(event)}
        className={buttonClass(invoiceStatus(invoice) === 'unpaid' ? 'plain' : 'primary')}
      >
        <DownloadIcon />
        {t('invoice.downloadPdf')}
      </a>
      {invoiceStatus(invoice) === 'unpaid' && (
        <Link href={payInvoicePath(invoice.Key)} className={buttonClass('primary')}>
          {t('invoice.payNow')}
        </Link>
      )}
    </div>
  );
}
