/**
 * Payment methods and their limits per currency, in whole units (converted with the currency's
 * subunits). A currency without its own limits uses the default row.
 */
export interface MethodLimits {
  depositMin: number;
  depositMax: number;
  withdrawalMin: number;
  withdrawalMax: number;
}

export const paymentMethods: Record<string, { provider: string; limits: Record<string, MethodLimits> }> = {
  card: {
    provider: 'sandbox',
    limits: {
      default: { depositMin: 10, depositMax: 5_000, withdrawalMin: 20, withdrawalMax: 10_000 },
      JPY: { depositMin: 1_500, depositMax: 750_000, withdrawalMin: 3_000, withdrawalMax: 1_500_000 },
      BTC: { depositMin: 0.0002, depositMax: 0.1, withdrawalMin: 0.0004, withdrawalMax: 0.2 },
    },
  },
};

export function limitsFor(method: string, currency: string): MethodLimits | undefined {
  const entry = paymentMethods[method];
  return entry ? (entry.limits[currency] ?? entry.limits.default) : undefined;
}
