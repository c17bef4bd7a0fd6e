'use client';

import { useTranslations } from 'next-intl';
import { verifySecondFactor } from '@/lib/api/admin';
import { CodeForm } from '@/components/account/second-factor/CodeForm';

/** A staff member's sign-in to the console: the app's current code, or one unused recovery code. */
export function VerifyScreen({ email, onDone }: { email: string; onDone(): void }) {
  const t = useTranslations('admin.verify');
  return (
    <section aria-labelledby="verify-heading" className="flex max-w-2xl flex-col gap-5">
      <h1 id="verify-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('title')}
      </h1>
      <p className="text-slate-700">{t('intro', { email })}</p>
      <CodeForm
        label={t('codeLabel')}
        hint={t('hint')}
        submitLabel={t('submit')}
        numeric={false}
        onCode={async (code) => {
          await verifySecondFactor(code);
          onDone();
        }}
      />
    </section>
  );
}
