import { z } from 'zod';

/*
 * The mail a staff member asks for (/api/admin/me/notifications): one mail per event, or one
 * digest when several wait at once. Each staff member chooses for themselves.
 */

/** What a staff member can be told of: a paid invoice, a refund, a failed renewal, a contact form message. */
export const staffEvents = ['sale', 'refund', 'renewal-failed', 'support-message'] as const;
const StaffEventSchema = z.enum(staffEvents);
export type StaffEvent = z.infer<typeof StaffEventSchema>;

export const NotificationSettingsSchema = z.object({
  /** The events this staff member gets mail for; none when they never chose. */
  Events: z.array(StaffEventSchema).max(staffEvents.length),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
