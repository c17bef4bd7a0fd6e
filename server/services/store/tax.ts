import taxTable from '../../data/tax-rates.json';

export interface TaxRate {
  basisPoints: number;
  exempt: boolean;
}

/** The rate for a billing address, from the rate table in server/data/tax-rates.json. */
export function taxRateFor(countryCode: string | null | undefined, stateCode: string | null | undefined): TaxRate {
  const rate = taxTable.rates.find((row) => row.countryCode === countryCode && (!row.stateCode || row.stateCode === stateCode));
  return rate ? { basisPoints: rate.basisPoints, exempt: false } : { basisPoints: 0, exempt: true };
}

/** Tax in cents on an amount in cents, rounded half up to the cent. */
export function taxOn(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}
