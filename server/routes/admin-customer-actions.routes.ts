import { createRoute } from '@hono/zod-openapi';
import { AdminDoneSchema, UuidParamSchema } from '../../lib/contract/admin';
import {
  CustomerAccountSchema,
  CustomerBillingRequestSchema,
  CustomerMessageRequestSchema,
  CustomerNoteRequestSchema,
  CustomerNotesSchema,
  SentMessagesSchema,
} from '../../lib/contract/admin-customer-actions';
import { NotificationSettingsSchema } from '../../lib/contract/staff-notifications';
import { requireRecentPassword, staffOf } from '../middleware/staff';
import {
  addCustomerNote,
  changeCustomerBilling,
  customerAccount,
  customerNotesOf,
  resendReceipt,
  resetCustomerTwoStep,
  sendCustomerMessage,
  sentMessagesOf,
} from '../services/staff/customer-actions';
import { changeNotificationSettings, notificationSettings } from '../services/staff/notifications';
import { adminErrorResponses } from './admin-responses';
import { conflict, createRouter, jsonBody, jsonContent } from './openapi';

const done = (description: string) => jsonContent(AdminDoneSchema, description);

const notesRoute = createRoute({
  method: 'get',
  path: '/admin/customers/{id}/notes',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: { 200: jsonContent(CustomerNotesSchema, 'Staff’s notes on the customer, newest first (at most 100)'), ...adminErrorResponses },
});

const addNoteRoute = createRoute({
  method: 'post',
  path: '/admin/customers/{id}/notes',
  tags: ['admin'],
  request: { params: UuidParamSchema, ...jsonBody(CustomerNoteRequestSchema) },
  responses: { 200: done('The note is kept; the customer never sees it'), ...adminErrorResponses },
});

const messagesRoute = createRoute({
  method: 'get',
  path: '/admin/customers/{id}/messages',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(SentMessagesSchema, 'Mail staff wrote to the customer, newest first (at most 50), with its delivery'),
    ...adminErrorResponses,
  },
});

const sendMessageRoute = createRoute({
  method: 'post',
  path: '/admin/customers/{id}/messages',
  tags: ['admin'],
  request: { params: UuidParamSchema, ...jsonBody(CustomerMessageRequestSchema) },
  responses: { 200: done('Queued to the customer in their language; replies go to the support inbox'), ...adminErrorResponses },
});

const accountRoute = createRoute({
  method: 'get',
  path: '/admin/customers/{id}/account',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(CustomerAccountSchema, 'The billing details of the customer’s next invoices, and whether two-step sign-in is on'),
    ...adminErrorResponses,
  },
});

const billingRoute = createRoute({
  method: 'put',
  path: '/admin/customers/{id}/billing',
  tags: ['admin'],
  middleware: [requireRecentPassword] as const,
  request: { params: UuidParamSchema, ...jsonBody(CustomerBillingRequestSchema) },
  responses: { 200: done('The cart’s billing details, which the next invoices are made with'), ...adminErrorResponses },
});

const resetTwoStepRoute = createRoute({
  method: 'post',
  path: '/admin/customers/{id}/two-step/reset',
  tags: ['admin'],
  middleware: [requireRecentPassword] as const,
  request: { params: UuidParamSchema },
  responses: {
    200: done('Two-step sign-in off, every session ended, the customer told by mail'),
    ...adminErrorResponses,
    ...conflict('Two-step sign-in is off already, or the account is staff’s'),
  },
});

const resendReceiptRoute = createRoute({
  method: 'post',
  path: '/admin/invoices/{id}/resend-receipt',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: done('The receipt with its PDF, queued to the customer again'),
    ...adminErrorResponses,
    ...conflict('The invoice is not paid'),
  },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/admin/me/notifications',
  tags: ['admin'],
  responses: { 200: jsonContent(NotificationSettingsSchema, 'The events the caller gets mail for'), ...adminErrorResponses },
});

const changeSettingsRoute = createRoute({
  method: 'put',
  path: '/admin/me/notifications',
  tags: ['admin'],
  request: jsonBody(NotificationSettingsSchema),
  responses: {
    200: done('From now on the caller gets mail for exactly these events (AuditKey null when unchanged)'),
    ...adminErrorResponses,
  },
});

export const adminCustomerActionsRoutes = createRouter()
  .openapi(notesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ Notes: await customerNotesOf(c.get('deps').db, c.req.valid('param').id) }, 200);
  })
  .openapi(addNoteRoute, async (c) => {
    const auditKey = await addCustomerNote(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json').Body);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(messagesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ Messages: await sentMessagesOf(c.get('deps').db, c.req.valid('param').id) }, 200);
  })
  .openapi(sendMessageRoute, async (c) => {
    const auditKey = await sendCustomerMessage(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(accountRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await customerAccount(c.get('deps').db, c.req.valid('param').id), 200);
  })
  .openapi(billingRoute, async (c) => {
    const auditKey = await changeCustomerBilling(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json').BillingInfo);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(resetTwoStepRoute, async (c) => {
    const auditKey = await resetCustomerTwoStep(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(resendReceiptRoute, async (c) => {
    const auditKey = await resendReceipt(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(settingsRoute, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(notificationSettings(staffOf(c)), 200);
  })
  .openapi(changeSettingsRoute, async (c) => {
    const auditKey = await changeNotificationSettings(c.get('deps'), staffOf(c), c.req.valid('json').Events);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  });
