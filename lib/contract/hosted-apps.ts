import { z } from 'zod';
import { SubscriptionSchema } from './billing';

/** The hosted apps (docs/apps.md), each with its landing page at /apps/{app}. */
const hostedApps = ['pdf', 'health'] as const;
export type HostedApp = (typeof hostedApps)[number];

export const hostedAppPath = (app: HostedApp) => `/apps/${app}`;

/** The app an offer's claims open: its `app:{app}` claim. */
export function hostedAppOf(claims: readonly string[]): HostedApp | null {
  return hostedApps.find((app) => claims.includes(`app:${app}`)) ?? null;
}

export const HostedAppParamSchema = z.object({ app: z.enum(hostedApps, 'invalidValue') });

/** BB-PDF-7KQ2M-XW9RT-4HNPC: read as typed, in any case and with spaces around it. */
export const LicenseKeyParamSchema = z.object({
  key: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^BB(-[A-Z]{2,10})?(-[A-HJKMNP-Z2-9]{5}){3}$/, 'invalidValue'),
});

/** What an app learns from a licence key (docs/apps.md#licence-key-check). */
export const LicenseCheckSchema = z.object({
  LicenseKey: z.string(),
  /** The key's subscription covers today: activated, valid and not expired. */
  Valid: z.boolean(),
  App: z.enum(hostedApps).nullable(),
  /** The offer key of the plan, e.g. pdf-workshop-pro-monthly. */
  Plan: z.string(),
  /** Seats: how many of the plan the subscription holds. */
  Quantity: z.number().int().min(1),
  ExpirationDate: z.string(),
  /** The plan's claims while valid, else none. */
  Claims: z.array(z.string()),
});
export type LicenseCheck = z.infer<typeof LicenseCheckSchema>;

/** The landing page's data (docs/product/billing.md#app-landing-pages). */
export const HostedAppAccessSchema = z.object({
  App: z.enum(hostedApps),
  /** Where the app itself runs (APP_PDF_URL, APP_HEALTH_URL); null until it is set. */
  AppUrl: z.string().nullable(),
  /** The app's free plan, which every account has, in the reader's language. */
  FreePlan: z.string().nullable(),
  /** The latest period of each paid subscription to this app, newest first. */
  Subscriptions: z.array(SubscriptionSchema),
});
export type HostedAppAccess = z.infer<typeof HostedAppAccessSchema>;
