import { createRoute } from '@hono/zod-openapi';
import { AdminDoneSchema, UuidParamSchema } from '../../lib/contract/admin';
import {
  InviteAcceptedSchema,
  InviteAcceptSchema,
  InviteLookupSchema,
  InviteTokenSchema,
  StaffInviteRequestSchema,
  StaffInvitesSchema,
} from '../../lib/contract/admin-team';
import { AccountSessionsSchema } from '../../lib/contract/user';
import { setSessionCookies } from '../middleware/cookies';
import { sessionClientOf } from '../middleware/request-context';
import { requireOwner, requireRecentPassword, staffOf } from '../middleware/staff';
import { sessionInfoOf } from '../services/accounts/accounts';
import { listAccountSessions } from '../services/accounts/sessions';
import { acceptInvite, inviteStaff, listOpenInvites, lookUpInvite, revokeInvite } from '../services/staff/invites';
import { endOwnStaffSession } from '../services/staff/access';
import { conflict, createRouter, errorResponses, jsonBody, jsonContent, throttledResponse } from './openapi';
import { adminErrorResponses } from './admin-responses';

const invitesRoute = createRoute({
  method: 'get',
  path: '/admin/staff/invites',
  tags: ['admin'],
  middleware: [requireOwner] as const,
  responses: {
    200: jsonContent(StaffInvitesSchema, 'The open invitations, soonest to expire first (owners only)'),
    ...adminErrorResponses,
  },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/admin/staff/invites',
  tags: ['admin'],
  middleware: [requireOwner, requireRecentPassword] as const,
  request: jsonBody(StaffInviteRequestSchema),
  responses: {
    200: jsonContent(AdminDoneSchema, 'Invited: the link is mailed; an open invitation to the address is replaced'),
    ...adminErrorResponses,
    ...conflict('The address already has a role, or too many invitations are open'),
  },
});

const revokeRoute = createRoute({
  method: 'post',
  path: '/admin/staff/invites/{id}/revoke',
  tags: ['admin'],
  middleware: [requireOwner] as const,
  request: { params: UuidParamSchema },
  responses: { 200: jsonContent(AdminDoneSchema, 'The invitation is withdrawn: its link no longer works'), ...adminErrorResponses },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/admin/sessions',
  tags: ['admin'],
  responses: {
    200: jsonContent(AccountSessionsSchema, "The staff member's own live sessions: this one first, then the latest used"),
    ...adminErrorResponses,
  },
});

const endSessionRoute = createRoute({
  method: 'delete',
  path: '/admin/sessions/{id}',
  tags: ['admin'],
  request: { params: UuidParamSchema },
  responses: {
    200: jsonContent(AccountSessionsSchema, 'That session of the staff member ended; the sessions left'),
    ...adminErrorResponses,
  },
});

export const adminTeamRoutes = createRouter()
  .openapi(invitesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ Invites: await listOpenInvites(c.get('deps')) }, 200);
  })
  .openapi(inviteRoute, async (c) => {
    const body = c.req.valid('json');
    const auditKey = await inviteStaff(c.get('deps'), staffOf(c), { email: body.EmailAddress, role: body.Role, language: body.Language });
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(revokeRoute, async (c) => {
    const auditKey = await revokeInvite(c.get('deps'), staffOf(c), c.req.valid('param').id);
    return c.json({ ErrorMessages: [], AuditKey: auditKey }, 200);
  })
  .openapi(sessionsRoute, async (c) => {
    const { db, clock, config } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ Sessions: await listAccountSessions(db, clock, staffOf(c), config.sessionIdleMs) }, 200);
  })
  .openapi(endSessionRoute, async (c) => {
    const deps = c.get('deps');
    const session = staffOf(c);
    await endOwnStaffSession(deps, session, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({ Sessions: await listAccountSessions(deps.db, deps.clock, session, deps.config.sessionIdleMs) }, 200);
  });

const lookUpRoute = createRoute({
  method: 'post',
  path: '/staff-invites/lookup',
  tags: ['staff-invites'],
  request: jsonBody(InviteTokenSchema),
  responses: {
    200: jsonContent(InviteLookupSchema, 'Whom the open invitation is for, and whether accepting needs a login or a new password'),
    ...errorResponses,
    ...throttledResponse,
  },
});

/** Opened from the mailed link: no role needed, and for a new address no session either. */
const acceptRoute = createRoute({
  method: 'post',
  path: '/staff-invites/accept',
  tags: ['staff-invites'],
  request: jsonBody(InviteAcceptSchema),
  responses: {
    200: jsonContent(InviteAcceptedSchema, 'The role is granted; a new account is made and logged in'),
    ...errorResponses,
    ...conflict('The account already has a role'),
    ...throttledResponse,
  },
});

/** The invitation link's calls, open to anyone holding the link. */
export const staffInviteRoutes = createRouter()
  .openapi(lookUpRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await lookUpInvite(c.get('deps'), c.req.valid('json').Token, c.get('session'), c.get('clientAddress')), 200);
  })
  .openapi(acceptRoute, async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const accepted = await acceptInvite(deps, {
      token: body.Token,
      newPassword: body.NewPassword,
      agreedToTerms: body.UserAgreedToTerms,
      session: c.get('session'),
      ip: c.get('clientAddress'),
      client: sessionClientOf(c),
    });
    if (accepted.session) setSessionCookies(c, accepted.session);
    return c.json({ SessionInfo: await sessionInfoOf(deps, accepted.user) }, 200);
  });
