import { API_BASE } from '../contract/http';
import type { Language } from '../contract/languages';

/**
 * The account's data as JSON, or with every invoice's PDF as ZIP: plain links the browser saves
 * itself (the session cookie is all they need), in the page's language (docs/product/accounts.md#your-data).
 */
export const dataExportUrl = (format: 'json' | 'zip', language: Language) =>
  `${API_BASE}user/data-export${format === 'zip' ? '/zip' : ''}?lang=${language}`;
