import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AdminDoneSchema,
  ConfirmPasswordSchema,
  CustomerRowSchema,
  StaffMeSchema,
  StaffRoleRequestSchema,
  UuidParamSchema,
} from '../../lib/contract/admin';
import { EnrolmentSchema, RecoveryCodesSchema, SecondFactorCodeSchema } from '../../lib/contract/second-factor';
import { UserResponseSchema } from '../../lib/contract/user';
import { beforeSecondFactor } from '../middleware/route-access';
import { requireOwner, requireRecentPassword, staffOf } from '../middleware/staff';
import { startEnrolment } from '../services/accounts/second-factor';
import {
  changeStaffRole,
  confirmPassword,
  confirmStaffEnrolment,
  listStaff,
  staffMe,
  verifyStaffSecondFactor,
} from '../services/staff/access';
import { conflict, createRouter, jsonBody, jsonContent } from './openapi';
import { adminErrorResponses } from './admin-responses';

const me = createRoute({
  method: 'get',
  path: '/admin/me',
  tags: ['admin'],
  middleware: [beforeSecondFactor] as const,
  responses: { 200: jsonContent(StaffMeSchema, 'The staff member and what the console must ask first'), ...adminErrorResponses },
});

const enrolment = createRoute({
  method: 'get',
  path: '/admin/second-factor/enrolment',
  tags: ['admin'],
  middleware: [beforeSecondFactor] as const,
  responses: {
    200: jsonContent(EnrolmentSchema, 'A new authenticator secret with its QR code; unconfirmed until a code proves it'),
    ...adminErrorResponses,
    ...conflict('An authenticator is already set up'),
  },
});

const confirmEnrolmentRoute = createRoute({
  method: 'post',
  path: '/admin/second-factor/enrolment',
  tags: ['admin'],
  middleware: [beforeSecondFactor] as const,
  request: jsonBody(SecondFactorCodeSchema),
  responses: {
    200: jsonContent(RecoveryCodesSchema, 'The authenticator counts from now on; the recovery codes are shown this once'),
    ...adminErrorResponses,
    ...conflict('An authenticator is already set up'),
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/admin/second-factor/verify',
  tags: ['admin'],
  middleware: [beforeSecondFactor] as const,
  request: jsonBody(SecondFactorCodeSchema),
  responses: { 200: jsonContent(UserResponseSchema, 'This session has passed the second factor'), ...adminErrorResponses },
});

const confirmPasswordRoute = createRoute({
  method: 'post',
  path: '/admin/confirm-password',
  tags: ['admin'],
  request: jsonBody(ConfirmPasswordSchema),
  responses: { 200: jsonContent(StaffMeSchema, 'Confirmed: refunds and role changes are open for a while'), ...adminErrorResponses },
});

const staffList = createRoute({
  method: 'get',
  path: '/admin/staff',
  tags: ['admin'],
  middleware: [requireOwner] as const,
  responses: { 200: jsonContent(z.array(CustomerRowSchema), 'Every account with a role (owners only)'), ...adminErrorResponses },
});

const roleRoute = createRoute({
  method: 'put',
  path: '/admin/staff/{id}/role',
  tags: ['admin'],
  middleware: [requireOwner, requireRecentPassword] as const,
  request: { params: UuidParamSchema, ...jsonBody(StaffRoleRequestSchema) },
  responses: {
    200: jsonContent(AdminDoneSchema, 'The role changed or was removed (owners only, after a recent password confirmation)'),
    ...adminErrorResponses,
    ...conflict('The last owner keeps the role'),
  },
});

const done = { ErrorMessages: [], Data: null };

export const adminAccessRoutes = createRouter()
  .openapi(me, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(staffMe(c.get('deps').clock, staffOf(c)), 200);
  })
  .openapi(enrolment, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await startEnrolment(c.get('deps'), staffOf(c).user), 200);
  })
  .openapi(confirmEnrolmentRoute, async (c) => {
    const codes = await confirmStaffEnrolment(c.get('deps'), staffOf(c), c.req.valid('json').Code);
    c.header('Cache-Control', 'no-store');
    return c.json({ RecoveryCodes: codes }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    await verifyStaffSecondFactor(c.get('deps'), staffOf(c), c.req.valid('json').Code);
    return c.json(done, 200);
  })
  .openapi(confirmPasswordRoute, async (c) => {
    const deps = c.get('deps');
    const session = staffOf(c);
    await confirmPassword(deps, session, c.req.valid('json').CurrentPassword);
    return c.json(staffMe(deps.clock, { ...session, passwordConfirmedAt: deps.clock.now() }), 200);
  })
  .openapi(staffList, async (c) => c.json(await listStaff(c.get('deps').db), 200))
  .openapi(roleRoute, async (c) => {
    const auditKey = await changeStaffRole(c.get('deps'), staffOf(c), { id: c.req.valid('param').id }, c.req.valid('json').Role);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  });
