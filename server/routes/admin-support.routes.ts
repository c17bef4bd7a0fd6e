import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AdminDoneSchema,
  SupportListQuerySchema,
  SupportMessageRowSchema,
  SupportReplyRequestSchema,
  SupportStatusRequestSchema,
  SupportThreadSchema,
  UuidParamSchema,
} from '../../lib/contract/admin';
import { staffOf } from '../middleware/staff';
import { inboxLimit, listSupportMessages, replyToSupportMessage, setSupportStatus, supportThread } from '../services/support/inbox-admin';
import { adminErrorResponses } from './admin-responses';
import { createRouter, jsonBody, jsonContent } from './openapi';

const inbox = createRoute({
  method: 'get',
  path: '/admin/support',
  tags: ['admin'],
  request: { query: SupportListQuerySchema },
  responses: {
    200: jsonContent(z.array(SupportMessageRowSchema), `Support messages, newest first (at most ${inboxLimit})`),
    ...adminErrorResponses,
  },
});

const thread = createRoute({
  method: 'get',
  path: '/admin/support/{id}',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: { 200: jsonContent(SupportThreadSchema, 'One message with the answers sent'), ...adminErrorResponses },
});

const reply = createRoute({
  method: 'post',
  path: '/admin/support/{id}/reply',
  tags: ['admin'],
  request: { params: UuidParamSchema, ...jsonBody(SupportReplyRequestSchema) },
  responses: {
    200: jsonContent(AdminDoneSchema, 'Stored, mailed to the sender in their language, the message marked answered'),
    ...adminErrorResponses,
  },
});

const status = createRoute({
  method: 'put',
  path: '/admin/support/{id}/status',
  tags: ['admin'],
  request: { params: UuidParamSchema, ...jsonBody(SupportStatusRequestSchema) },
  responses: { 200: jsonContent(AdminDoneSchema, 'The status changed (AuditKey null when it already was)'), ...adminErrorResponses },
});

export const adminSupportRoutes = createRouter()
  .openapi(inbox, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listSupportMessages(c.get('deps').db, c.req.valid('query').status), 200);
  })
  .openapi(thread, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await supportThread(c.get('deps').db, c.req.valid('param').id), 200);
  })
  .openapi(reply, async (c) => {
    const auditKey = await replyToSupportMessage(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json').Body);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(status, async (c) => {
    const auditKey = await setSupportStatus(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json').Status);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  });
