import { z } from 'zod';
import { OfferCreateSchema, OfferEditSchema, type AdminOffer } from '@/lib/contract/admin';
import type { Language } from '@/lib/contract/languages';
import { limits } from '@/lib/contract/limits';
import { centsToDollars, dollarsToCents } from '@/lib/contract/presentation';

type PerLanguage = Record<Language, string>;

/** The form's values: what the fields hold, as typed. */
export interface OfferFormValues {
  ServiceName: PerLanguage;
  Description: PerLanguage;
  /** One item a line. */
  Items: PerLanguage;
  Price: string;
  Savings: string;
  TrialDays: string;
  ServiceHomePage: string;
  AppPage: string;
  // A new offer only:
  Key: string;
  IsSubscription: boolean;
  RenewalMonths: string;
  /** One claim a line. */
  Claims: string;
}

const lines = (typed: string) =>
  typed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const perLanguage = z.object({ en: z.string(), de: z.string(), ru: z.string() });
const typedFields = {
  ServiceName: perLanguage,
  Description: perLanguage,
  Items: perLanguage,
  Price: z.string(),
  Savings: z.string(),
  TrialDays: z.string(),
  ServiceHomePage: z.string(),
  AppPage: z.string(),
};

type Typed = z.infer<z.ZodObject<typeof typedFields>>;
type Issues = { message: string; path: PropertyKey[] }[];

/** The typed fields as the contract's request; amounts that are no numbers are reported, and checked as 0 meanwhile. */
function editRequest(typed: Typed, issues: Issues) {
  const number = (field: 'Price' | 'Savings' | 'TrialDays') => {
    const value =
      field === 'TrialDays' ? (/^-?\d{1,4}$/.test(typed[field].trim()) ? Number(typed[field]) : null) : dollarsToCents(typed[field]);
    if (value === null || value > limits.offerPriceMax) issues.push({ message: 'invalidValue', path: [field] });
    return value ?? 0;
  };
  return {
    ServiceName: typed.ServiceName,
    Description: typed.Description,
    Items: { en: lines(typed.Items.en), de: lines(typed.Items.de), ru: lines(typed.Items.ru) },
    Price: number('Price'),
    Savings: number('Savings'),
    TrialDays: number('TrialDays'),
    ServiceHomePage: typed.ServiceHomePage,
    AppPage: typed.AppPage,
  };
}

/**
 * The fields as typed, turned into the contract's request and checked by the contract's own
 * schema, every field's first problem at once (a failed number does not hide the rest).
 */
function checkedBy<T extends z.ZodType>(contract: T, toRequest: (typed: never, issues: Issues) => unknown) {
  return (typed: unknown, context: z.RefinementCtx) => {
    const issues: Issues = [];
    const result = contract.safeParse(toRequest(typed as never, issues));
    if (!result.success) issues.push(...result.error.issues.map(({ message, path }) => ({ message, path })));
    // A number reported above is not reported again by the contract (checked as 0).
    const seen = new Set<string>();
    for (const issue of issues) {
      // A list's line is reported on the field that holds all its lines.
      const path = issue.path[0] === 'Items' ? issue.path.slice(0, 2) : issue.path[0] === 'Claims' ? issue.path.slice(0, 1) : issue.path;
      const at = path.join('.');
      if (seen.has(at)) continue;
      seen.add(at);
      context.addIssue({ code: 'custom', message: issue.message, path });
    }
    return result.success && issues.length === 0 ? (result.data as z.output<T>) : z.NEVER;
  };
}

export const editFormSchema = z.object(typedFields).transform(checkedBy(OfferEditSchema, editRequest));
export const createFormSchema = z
  .object({ ...typedFields, Key: z.string(), IsSubscription: z.boolean(), RenewalMonths: z.enum(['1', '12']), Claims: z.string() })
  .transform(
    checkedBy(
      OfferCreateSchema,
      (typed: Typed & { Key: string; IsSubscription: boolean; RenewalMonths: string; Claims: string }, issues: Issues) => ({
        ...editRequest(typed, issues),
        Key: typed.Key,
        IsSubscription: typed.IsSubscription,
        RenewalMonths: Number(typed.RenewalMonths),
        Claims: lines(typed.Claims),
      }),
    ),
  );

export type OfferRequest = z.output<typeof editFormSchema> | z.output<typeof createFormSchema>;

const emptyLanguages: PerLanguage = { en: '', de: '', ru: '' };

export function valuesOf(offer: AdminOffer | null): OfferFormValues {
  if (!offer)
    return {
      ServiceName: emptyLanguages,
      Description: emptyLanguages,
      Items: emptyLanguages,
      Price: '',
      Savings: '0.00',
      TrialDays: '0',
      ServiceHomePage: '/',
      AppPage: '/',
      Key: '',
      IsSubscription: true,
      RenewalMonths: '1',
      Claims: '',
    };
  const joined = (list: Record<Language, string[]>) => ({ en: list.en.join('\n'), de: list.de.join('\n'), ru: list.ru.join('\n') });
  return {
    ServiceName: offer.ServiceName,
    Description: offer.Description,
    Items: joined(offer.Items),
    Price: centsToDollars(offer.Price),
    Savings: centsToDollars(offer.Savings),
    TrialDays: String(offer.TrialDays),
    ServiceHomePage: offer.ServiceHomePage,
    AppPage: offer.AppPage,
    Key: offer.Key,
    IsSubscription: offer.IsSubscription,
    RenewalMonths: offer.RenewalMonths === 12 ? '12' : '1',
    Claims: offer.Claims.join('\n'),
  };
}
