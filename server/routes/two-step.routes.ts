import { createRoute } from '@hono/zod-openapi';
import {
  EnrolmentSchema,
  RecoveryCodesSchema,
  SecondFactorCodeSchema,
  TurnOffTwoStepRequestSchema,
  TwoStepStatusSchema,
} from '../../lib/contract/second-factor';
import { UserResponseSchema } from '../../lib/contract/user';
import { requireSession, sessionOf } from '../middleware/session';
import { confirmTwoStep, startTwoStep, turnOffTwoStep, twoStepStatus } from '../services/accounts/two-step';
import { conflict, createRouter, jsonBody, jsonContent, sessionErrorResponses, throttledResponse } from './openapi';

// Two-step sign-in in the settings (docs/product/accounts.md#two-step-sign-in).

const refusals = conflict('Already on (or off), or a staff account, whose authenticator the console requires');

const status = createRoute({
  method: 'get',
  path: '/user/second-factor',
  tags: ['user'],
  middleware: [requireSession] as const,
  responses: { 200: jsonContent(TwoStepStatusSchema, 'Whether logins ask for a code'), ...sessionErrorResponses },
});

const start = createRoute({
  method: 'post',
  path: '/user/second-factor/start',
  tags: ['user'],
  middleware: [requireSession] as const,
  responses: {
    200: jsonContent(EnrolmentSchema, 'A new authenticator secret with its QR code; two-step sign-in is on once a code confirms it'),
    ...sessionErrorResponses,
    ...refusals,
  },
});

const confirm = createRoute({
  method: 'post',
  path: '/user/second-factor/confirm',
  tags: ['user'],
  middleware: [requireSession] as const,
  request: jsonBody(SecondFactorCodeSchema),
  responses: {
    200: jsonContent(RecoveryCodesSchema, 'Two-step sign-in is on and other sessions ended; the recovery codes are shown this once'),
    ...sessionErrorResponses,
    ...refusals,
    ...throttledResponse,
  },
});

const turnOff = createRoute({
  method: 'put',
  path: '/user/second-factor/turn-off',
  tags: ['user'],
  middleware: [requireSession] as const,
  request: jsonBody(TurnOffTwoStepRequestSchema),
  responses: {
    200: jsonContent(UserResponseSchema, 'Two-step sign-in is off; the secret and the recovery codes are deleted'),
    ...sessionErrorResponses,
    ...refusals,
    ...throttledResponse,
  },
});

export const twoStepRoutes = createRouter()
  .openapi(status, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(twoStepStatus(sessionOf(c)), 200);
  })
  .openapi(start, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await startTwoStep(c.get('deps'), sessionOf(c)), 200);
  })
  .openapi(confirm, async (c) => {
    const codes = await confirmTwoStep(c.get('deps'), sessionOf(c), c.req.valid('json').Code);
    c.header('Cache-Control', 'no-store');
    return c.json({ RecoveryCodes: codes }, 200);
  })
  .openapi(turnOff, async (c) => {
    const body = c.req.valid('json');
    await turnOffTwoStep(c.get('deps'), sessionOf(c), body.CurrentPassword, body.Code);
    return c.json({ ErrorMessages: [], Data: null }, 200);
  });
