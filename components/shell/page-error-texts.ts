import type { AppLocale } from '@/i18n/routing';
import de from '@/messages/page-error/de.json';
import en from '@/messages/page-error/en.json';
import ru from '@/messages/page-error/ru.json';
import type { PageErrorTexts } from './PageErrorView';

/**
 * The error pages' texts, in files of their own: app/global-error.tsx is in every page's
 * first-load JS and has no server to pick texts for it, so it imports them, and a bundler takes
 * a JSON file whole: imported from the site's whole message files, every page carried them all.
 */
export const pageErrorTexts: Record<AppLocale, PageErrorTexts> = { en, de, ru };
