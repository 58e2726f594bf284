import { readFileSync } from 'node:fs';
import { billingInterval, paidPlan, pricingPlan, type BillingPlan, type PricingPlan } from '@tessera/domain';
import { z } from 'zod';

/**
 * The plans, as configured (issue #23). The default below is what a platform runs on unless BILLING_PRICING_FILE names a
 * JSON file of the same shape (validated at start-up: a bad file stops the server with the path of each problem). The
 * provider and Stripe's publishable key come from PAYMENTS_PROVIDER and STRIPE_PUBLISHABLE_KEY, not from this file.
 * `stripePriceIds` maps each paid plan and interval to a Stripe Price (price_…), for the Stripe subscription that
 * mirrors the plan; without them a Stripe account is billed with one-off Stripe invoices only.
 */
export const pricingFileSchema = z
  .object({
    currency: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be an ISO 4217 code in lower case, such as usd')
      .default('usd'),
    trialDays: z.number().int().min(0).max(365).default(14),
    plans: z.array(pricingPlan).refine((plans) => ['trial', 'core', 'pro'].every((p) => plans.filter((x) => x.plan === p).length === 1), {
      message: 'must list trial, core and pro, each once',
    }),
    stripePriceIds: z.partialRecord(paidPlan, z.partialRecord(billingInterval, z.string().regex(/^price_\w+$/))).default({}),
  })
  .strict();
export type PricingConfig = z.output<typeof pricingFileSchema>;

export const DEFAULT_PRICING: PricingConfig = {
  currency: 'usd',
  trialDays: 14,
  plans: [
    {
      plan: 'trial',
      name: 'Trial',
      description: 'Everything you need to try the platform with one raise.',
      prices: { month: 0, year: 0 },
      limits: { offers: 3, seats: 5 },
      features: ['Up to 3 offers', 'Up to 5 team seats', 'Leads CRM', '14 days free'],
    },
    {
      plan: 'core',
      name: 'Core',
      description: 'For a sponsor raising on several offers.',
      prices: { month: 49_900, year: 499_000 },
      limits: { offers: 25, seats: 25 },
      features: ['Up to 25 offers', 'Up to 25 team seats', 'Leads CRM', 'Webhooks and API keys'],
    },
    {
      plan: 'pro',
      name: 'Pro',
      description: 'For platforms and sponsors raising at scale.',
      prices: { month: 149_900, year: 1_499_000 },
      limits: { offers: null, seats: null },
      features: ['Unlimited offers', 'Unlimited team seats', 'Leads CRM', 'Webhooks and API keys', 'Priority support'],
    },
  ],
  stripePriceIds: {},
};

/** Reads and checks BILLING_PRICING_FILE; the error names the file and each problem (the config error shows it). */
export function loadPricingFile(path: string): PricingConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${path} as JSON: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  const parsed = pricingFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'} ${i.message}`).join('; ');
    throw new Error(`${path} is not a valid pricing file: ${problems}`);
  }
  return parsed.data;
}

export function planOf(pricing: PricingConfig, plan: BillingPlan): PricingPlan {
  return pricing.plans.find((p) => p.plan === plan)!;
}
