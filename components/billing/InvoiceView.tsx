'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Suspense, type MouseEvent } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { fetchSessionInfo } from '@/lib/api/auth';
import { fetchInvoice, invoicePdfUrl } from '@/lib/api/billing';
import type { Invoice } from '@/lib/contract/billing';
import type { Language } from '@/lib/contract/languages';
import { invoiceStatus } from '@/lib/contract/presentation';
import { appActions } from '@/lib/state/app-state';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import { buttonClass } from '../ui/Button';
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

/**
 * The PDF is a plain download link. A session that ended meanwhile would make the browser save
 * the API's 401 answer as the file, so the click checks the session first and asks for a login.
 */
function usePdfDownload() {
  const pathname = usePathname();
  return async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    const session = await fetchSessionInfo().catch(() => undefined);
    if (session && !session.UserName) {
      appActions.setSession(null);
      openAuthDialog('login', pathname);
      return;
    }
    window.location.assign(href);
  };
}

/** Only an unpaid invoice offers Pay Now, a checkout of that invoice (docs/product/billing.md#invoice-status). */
function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const t = useTranslations('billing');
  const locale = useLocale() as Language;
  const download = usePdfDownload();
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

function DownloadIcon() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
    </svg>
  );
}
