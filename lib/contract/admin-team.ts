import { z } from 'zod';
import { StaffRoleSchema } from './admin';
import { SessionInfoSchema } from './auth';
import { accountEmail, linkToken, newPassword, repeatedPassword } from './fields';
import { languages } from './languages';

/*
 * The staff team: an owner invites staff by mail from the console (/api/admin/staff/invites),
 * the invitee accepts on the link's page (/api/staff-invites/*, no role needed), and every staff
 * member sees and ends their own sessions (/api/admin/sessions).
 */

/** How long an invitation's link works. */
export const staffInviteLifetimeMs = 3 * 24 * 60 * 60_000;

/** At most this many open invitations are listed (and can be open at once). */
export const openInvitesLimit = 100;

export const StaffInviteRequestSchema = z.object({
  EmailAddress: accountEmail(),
  Role: StaffRoleSchema,
  /** The language of the mail and of the link's page. */
  Language: z.enum(languages, 'invalidValue'),
});
export type StaffInviteRequest = z.input<typeof StaffInviteRequestSchema>;

/** An invitation not yet accepted, revoked or expired. */
const StaffInviteSchema = z.object({
  Key: z.string(),
  EmailAddress: z.string(),
  Role: StaffRoleSchema,
  Language: z.enum(languages),
  InvitedBy: z.string(),
  CreatedDate: z.string(),
  ExpiresDate: z.string(),
});
export type StaffInvite = z.infer<typeof StaffInviteSchema>;

export const StaffInvitesSchema = z.object({ Invites: z.array(StaffInviteSchema) });

export const InviteTokenSchema = z.object({ Token: linkToken() });

/** What the link's page shows before it is accepted. */
export const InviteLookupSchema = z.object({
  EmailAddress: z.string(),
  Role: StaffRoleSchema,
  /** The address already has an account: accepting needs that account's login, not a new password. */
  HasAccount: z.boolean(),
  /** The caller is logged in to that very account. */
  SignedIn: z.boolean(),
});
export type InviteLookup = z.infer<typeof InviteLookupSchema>;

/** Accepting: a new account needs a password under the sign-up rules and agreement to the terms; an existing one its session. */
export const InviteAcceptSchema = InviteTokenSchema.extend({
  NewPassword: newPassword().optional(),
  UserAgreedToTerms: z.boolean().optional(),
});
export type InviteAccept = z.input<typeof InviteAcceptSchema>;

/** The link page's form for a new account: the password typed twice and the terms. */
export const InvitePasswordFormSchema = z
  .object({
    NewPassword: newPassword(),
    RepeatPassword: repeatedPassword(),
    UserAgreedToTerms: z.boolean().refine((agreed) => agreed, 'mustAgreeToTerms'),
  })
  .refine((form) => form.NewPassword === form.RepeatPassword, { message: 'passwordsDoNotMatch', path: ['RepeatPassword'] });
export type InvitePasswordForm = z.input<typeof InvitePasswordFormSchema>;

/** Accepted: the account the role went to, logged in (a new account's session cookie is set). */
export const InviteAcceptedSchema = z.object({ SessionInfo: SessionInfoSchema });
