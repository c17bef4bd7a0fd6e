import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { DownloadQuerySchema } from '../../lib/contract/billing';
import { AccountDataSchema } from '../../lib/contract/data-export';
import { requestLanguage } from '../errors';
import { openedDirectly } from '../middleware/route-access';
import { requireSession, sessionOf } from '../middleware/session';
import { accountArchive, accountDataText, exportAccountData, exportFileName } from '../services/accounts/data-export';
import { createRouter, jsonContent, jsonTextResponse, sessionErrorResponses, throttledResponse } from './openapi';

// Plain links the browser saves itself (docs/product/accounts.md#your-data): the session cookie is all they carry.

const dataRoute = createRoute({
  method: 'get',
  path: '/user/data-export',
  tags: ['user'],
  middleware: [openedDirectly, requireSession] as const,
  request: { query: DownloadQuerySchema },
  responses: { 200: jsonContent(AccountDataSchema, 'The account’s data as a JSON file'), ...sessionErrorResponses, ...throttledResponse },
});

const archiveRoute = createRoute({
  method: 'get',
  path: '/user/data-export/zip',
  tags: ['user'],
  middleware: [openedDirectly, requireSession] as const,
  request: { query: DownloadQuerySchema },
  responses: {
    200: {
      description: 'data.json and every invoice’s PDF in a ZIP, sent as it is made',
      content: { 'application/zip': { schema: z.string() } },
    },
    ...sessionErrorResponses,
    ...throttledResponse,
  },
});

const savedAs = (fileName: string) => ({ 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });

export const dataExportRoutes = createRouter()
  .openapi(dataRoute, async (c) => {
    // The link carries the page's language; without it, the browser's.
    const language = c.req.valid('query').lang ?? requestLanguage(c);
    const { data } = await exportAccountData(c.get('deps'), sessionOf(c), language);
    for (const [name, value] of Object.entries(savedAs(exportFileName(data, 'json')))) c.header(name, value);
    return jsonTextResponse(c, accountDataText(data));
  })
  .openapi(archiveRoute, async (c) => {
    const language = c.req.valid('query').lang ?? requestLanguage(c);
    const exported = await exportAccountData(c.get('deps'), sessionOf(c), language);
    return c.body(accountArchive(c.get('deps'), exported, language), 200, {
      'Content-Type': 'application/zip',
      ...savedAs(exportFileName(exported.data, 'zip')),
    });
  });
