'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { buttonClass } from '../ui/Button';

/** The payment could not start (the API client has shown why); the way back is the cart. */
export function CheckoutStartFailed() {
  const t = useTranslations('store.checkout');
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-slate-200 bg-slate-50 p-6">
      <p>{t('startFailed')}</p>
      <Link href="/store/cart" className={buttonClass('primary')}>
        {t('backToCart')}
      </Link>
    </div>
  );
}
