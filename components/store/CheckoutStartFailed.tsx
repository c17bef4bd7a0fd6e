'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { buttonClass } from '../ui/button-class';
import { Notice } from '../ui/Notice';

/** The payment could not start (the API client has shown why); the way back is the cart. */
export function CheckoutStartFailed() {
  const t = useTranslations('store.checkout');
  return (
    <Notice>
      <p>{t('startFailed')}</p>
      <Link href="/store/cart" className={buttonClass('primary')}>
        {t('backToCart')}
      </Link>
    </Notice>
  );
}
