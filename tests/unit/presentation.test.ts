import fc from 'fast-check';
import type { Subscription } from '@/lib/contract/billing';
import { formatInvoiceDate, formatUsd, formatUsdWhole, invoiceStatus, subscriptionState } from '@/lib/contract/presentation';

type Flags = Pick<Subscription, 'IsActive' | 'HasExpired' | 'IsRenewed' | 'IsActivated' | 'IsValid'>;
const base: Flags = { IsActive: false, HasExpired: false, IsRenewed: false, IsActivated: true, IsValid: true };
const state = (flags: Partial<Flags>) => subscriptionState({ ...base, ...flags });

describe('subscription state (the subscription-states table)', () => {
  it.each<[string, Partial<Flags>, ReturnType<typeof subscriptionState>]>([
    ['Active: IsActive set', { IsActive: true }, 'active'],
    ['Expired: not active, HasExpired set, not renewed', { HasExpired: true }, 'expired'],
    ['Pending: not active, not expired, not renewed', {}, 'pending'],
    ['Renewed: IsRenewed set', { IsRenewed: true }, 'renewed'],
    ['Renewed: IsRenewed set, also expired (an old period)', { IsRenewed: true, HasExpired: true }, 'renewed'],
    ['INACTIVE: not activated', { IsActivated: false }, 'inactive'],
    ['INVALID: IsValid false', { IsValid: false }, 'invalid'],
  ])('%s', (_, flags, expected) => {
    expect(state(flags)).toBe(expected);
  });

  describe('priority when flags overlap', () => {
    it('INVALID beats everything', () => {
      expect(state({ IsValid: false, IsActivated: false, IsActive: true, IsRenewed: true, HasExpired: true })).toBe('invalid');
    });
    it('INACTIVE beats Active, Renewed and Expired', () => {
      expect(state({ IsActivated: false, IsActive: true, IsRenewed: true, HasExpired: true })).toBe('inactive');
    });
    it('Active beats Renewed and Expired', () => {
      expect(state({ IsActive: true, IsRenewed: true, HasExpired: true })).toBe('active');
    });
    it('Renewed beats Expired ("Expired" means not renewed)', () => {
      expect(state({ IsRenewed: true, HasExpired: true })).toBe('renewed');
    });
    it('Expired beats Pending', () => {
      expect(state({ HasExpired: true })).toBe('expired');
    });
  });

  it('gives exactly one state for every combination of the five flags', () => {
    const states = new Set<string>();
    for (let bits = 0; bits < 32; bits++) {
      const flags: Flags = {
        IsActive: Boolean(bits & 1),
        HasExpired: Boolean(bits & 2),
        IsRenewed: Boolean(bits & 4),
        IsActivated: Boolean(bits & 8),
        IsValid: Boolean(bits & 16),
      };
      const result = subscriptionState(flags);
      states.add(result);
      if (!flags.IsValid) expect(result).toBe('invalid');
      else if (!flags.IsActivated) expect(result).toBe('inactive');
      else if (flags.IsActive) expect(result).toBe('active');
    }
    expect([...states].sort()).toEqual(['active', 'expired', 'inactive', 'invalid', 'pending', 'renewed']);
  });
});

describe('invoice status', () => {
  const paidOn = '2025-11-01T00:00:00.000Z';
  const payment = (Amount: number, IsPayment = true) => ({ DateTime: paidOn, Description: '', Amount, IsPayment, IsCard: true });
  const invoice = (IsVoid: boolean, FullyPaidDate: string | null, Payments = [payment(1081)]) => ({
    IsVoid,
    FullyPaidDate,
    Payments,
    TotalAmount: 1081,
  });
  it('is Void when IsVoid, whether paid or not', () => {
    expect(invoiceStatus(invoice(true, null, []))).toBe('void');
    expect(invoiceStatus(invoice(true, paidOn, [payment(1081), payment(1081, false)]))).toBe('void');
  });
  it('is Paid when FullyPaidDate is set and nothing of its total was given back', () => {
    expect(invoiceStatus(invoice(false, paidOn))).toBe('paid');
    // A second payment (another tab) given back leaves the invoice paid.
    expect(invoiceStatus(invoice(false, paidOn, [payment(1081), payment(1081), payment(1081, false)]))).toBe('paid');
  });
  it('is Partially refunded or Refunded by what a paid invoice still keeps', () => {
    expect(invoiceStatus(invoice(false, paidOn, [payment(1081), payment(1000, false)]))).toBe('partiallyRefunded');
    expect(invoiceStatus(invoice(false, paidOn, [payment(1081), payment(1000, false), payment(81, false)]))).toBe('refunded');
  });
  it('is Unpaid Pending otherwise', () => {
    expect(invoiceStatus(invoice(false, null, []))).toBe('unpaid');
  });
});

describe('formatUsd (cents as US dollars with 2 decimals)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [999, '$9.99'],
    [1000, '$10.00'],
    [10717, '$107.17'],
    [150000, '$1,500.00'],
    [164538, '$1,645.38'],
    [123456789, '$1,234,567.89'],
    [-540, '-$5.40'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('formatUsdWhole (Savings / 100, no decimals)', () => {
  it.each([
    [2088, '$21'],
    [2000, '$20'],
    [0, '$0'],
    [250000, '$2,500'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatUsdWhole(cents)).toBe(text);
  });
});

describe('formatInvoiceDate (MM/dd/yyyy in UTC)', () => {
  it('pads month and day', () => {
    expect(formatInvoiceDate('2025-03-04T12:00:00.000Z')).toBe('03/04/2025');
  });

  it('uses the UTC day, not the local one: 01:30 UTC on Nov 1 is Oct 31 in every US time zone', () => {
    const instant = '2025-11-01T01:30:00.000Z';
    // The same instant as a US reader's clock shows it, to prove the day differs there.
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    }).format(new Date(instant));
    expect(chicago).toBe('10/31/2025');
    expect(formatInvoiceDate(instant)).toBe('11/01/2025');
  });

  it('keeps the UTC day late in the UTC evening too (east of UTC it is already the next day)', () => {
    expect(formatInvoiceDate('2025-12-31T23:59:59.999Z')).toBe('12/31/2025');
  });

  it('reads offsets in the ISO string', () => {
    expect(formatInvoiceDate('2025-10-31T20:30:00-05:00')).toBe('11/01/2025');
  });

  it('gives an empty text for no date', () => {
    expect(formatInvoiceDate(null)).toBe('');
    expect(formatInvoiceDate(undefined)).toBe('');
    expect(formatInvoiceDate('')).toBe('');
  });
});

describe('the dollar formats write what Intl.NumberFormat writes (they are written out for speed)', () => {
  const intl = (decimals: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  // Up to ten billion dollars either way, and the halves that whole dollars round.
  const cents = fc.oneof(
    fc.integer({ min: -1e12, max: 1e12 }),
    fc.integer({ min: -1e6, max: 1e6 }).map((dollars) => dollars * 100 + Math.sign(dollars || 1) * 50),
  );

  it('formatUsd', () => {
    fc.assert(
      fc.property(cents, (amount) => formatUsd(amount) === intl(2).format(amount / 100)),
      { numRuns: 2000 },
    );
  });
  it('formatUsdWhole', () => {
    fc.assert(
      fc.property(cents, (amount) => formatUsdWhole(amount) === intl(0).format(amount / 100)),
      { numRuns: 2000 },
    );
  });
});
