import { z } from 'zod';

export const AppInfoSchema = z.object({
  CartItemCount: z.number().int().min(0),
  NotificationCount: z.number().int().min(0),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const CountrySchema = z.object({
  Code: z.string().length(2),
  Name: z.string(),
  VatId: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;

export const UsStateSchema = z.object({ Code: z.string(), Name: z.string() });
export type UsState = z.infer<typeof UsStateSchema>;

/** Whether this instance takes requests: a load balancer or a rolling restart waits for "ready". */
export const ReadinessSchema = z.object({ Status: z.enum(['ready', 'draining', 'clock-skew']) });

export const HealthSchema = z.object({
  Status: z.literal('ok'),
  Database: z.enum(['pglite', 'postgres']),
  /** The release it runs: package.json's version and the commit. */
  Version: z.string(),
  Commit: z.string(),
  /** Mail waiting to be sent, and mail given up after its last attempt (an operator should look). */
  Mail: z.object({ Waiting: z.number().int(), Failed: z.number().int(), OldestWaitingSeconds: z.number().int() }),
});
