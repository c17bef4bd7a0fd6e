'use client';

import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-class';
import { DownloadIcon } from '@/components/ui/DownloadIcon';
import { dataExportUrl } from '@/lib/api/data-export';
import type { Language } from '@/lib/contract/languages';
import { useSessionCheckedDownload } from '../use-session-checked-download';
import { SettingsCard } from './SettingsCard';

/**
 * "Your data": the account's data as JSON, or with every invoice's PDF as ZIP
 * (docs/product/accounts.md#your-data). Plain links, so the browser shows the download's progress.
 */
export function DataExportSection() {
  const t = useTranslations('account.settings.data');
  const locale = useLocale() as Language;
  const download = useSessionCheckedDownload();
  const link = (format: 'json' | 'zip', label: string) => (
    <a
      href={dataExportUrl(format, locale)}
      download
      onClick={(event) => void download(event)}
      className={buttonClass(format === 'zip' ? 'primary' : 'plain')}
    >
      <DownloadIcon />
      {label}
    </a>
  );
  return (
    <SettingsCard title={t('title')} aside={<p className="text-sm text-slate-700">{t('text')}</p>}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-3 md:justify-end">
          {link('json', t('json'))}
          {link('zip', t('zip'))}
        </div>
        <p className="text-sm text-slate-600 md:text-right">{t('hint')}</p>
      </div>
    </SettingsCard>
  );
}
