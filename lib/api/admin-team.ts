import type { AdminDone } from '../contract/admin';
import type { InviteAccept, InviteLookup, StaffInvite, StaffInviteRequest } from '../contract/admin-team';
import type { SessionInfo } from '../contract/auth';
import type { AccountSessions } from '../contract/user';
import { callApi } from './client';

/*
 * The staff team's calls (lib/contract/admin-team.ts): the console's invitations and own
 * sessions (silent, like every console call: the screens report failures), and the
 * invitation link's page, which shows its refusals itself.
 */
const segment = encodeURIComponent;

export const fetchInvites = (signal?: AbortSignal) =>
  callApi<{ Invites: StaffInvite[] }>('GET', 'admin/staff/invites', { silent: true, signal });
export const inviteStaff = (request: StaffInviteRequest) =>
  callApi<AdminDone>('POST', 'admin/staff/invites', { silent: true, body: request });
export const revokeInvite = (id: string) => callApi<AdminDone>('POST', `admin/staff/invites/${segment(id)}/revoke`, { silent: true });

export const fetchStaffSessions = (signal?: AbortSignal) => callApi<AccountSessions>('GET', 'admin/sessions', { silent: true, signal });
export const endStaffSession = (id: string) => callApi<AccountSessions>('DELETE', `admin/sessions/${segment(id)}`, { silent: true });

export const lookUpInvite = (Token: string) => callApi<InviteLookup>('POST', 'staff-invites/lookup', { silent: true, body: { Token } });
export const acceptInvite = (request: InviteAccept) =>
  callApi<{ SessionInfo: SessionInfo }>('POST', 'staff-invites/accept', { silent: true, body: request });
