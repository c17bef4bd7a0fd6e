import { z } from 'zod';
import { limits, multiLineText, requiredText } from './fields';
import { BillingInfoSchema } from './store';

/*
 * What staff do for one customer (/api/admin/customers/{id}/…): internal notes, mail written to
 * them, their billing details for future invoices, resetting a lost two-step sign-in, and a
 * receipt sent again (/api/admin/invoices/{id}/resend-receipt).
 */

/** A note only staff see, newest first. */
const CustomerNoteSchema = z.object({
  Key: z.string(),
  Body: z.string(),
  StaffEmailAddress: z.string(),
  CreatedDate: z.string(),
});
export type CustomerNote = z.infer<typeof CustomerNoteSchema>;

export const CustomerNotesSchema = z.object({ Notes: z.array(CustomerNoteSchema) });
export const CustomerNoteRequestSchema = z.object({ Body: requiredText(limits.customerNote, 'required', multiLineText) });
export type CustomerNoteRequest = z.input<typeof CustomerNoteRequestSchema>;

/** A mail staff wrote to the customer, with where it is in the outbox. */
const SentMessageSchema = z.object({
  Key: z.string(),
  Subject: z.string(),
  Body: z.string(),
  StaffEmailAddress: z.string(),
  CreatedDate: z.string(),
  /** queued: waiting for the mail sender; sent; failed: given up after the last attempt. */
  Delivery: z.enum(['queued', 'sent', 'failed']),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const SentMessagesSchema = z.object({ Messages: z.array(SentMessageSchema) });
export const CustomerMessageRequestSchema = z.object({
  Subject: requiredText(limits.customerMessageSubject),
  Body: requiredText(limits.customerMessageBody, 'required', multiLineText),
});
export type CustomerMessageRequest = z.input<typeof CustomerMessageRequestSchema>;

/** The billing details the customer's next invoices are made with (their cart's), and whether two-step sign-in is on. */
export const CustomerAccountSchema = z.object({
  Billing: BillingInfoSchema.nullable(),
  TwoStepEnabled: z.boolean(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

export const CustomerBillingRequestSchema = z.object({ BillingInfo: BillingInfoSchema });
