import type { OfferClass } from '@tessera/domain';
import { formatMoney } from '../../../../lib/format-number.ts';

type ClassTerms = Pick<OfferClass, 'name' | 'minimumInvestment' | 'maximumInvestment' | 'pricePerUnit'>;

/** Whole units an amount buys at a price per unit; null when the class has no price or the amount is not a multiple. */
export function unitsFor(amount: number, pricePerUnit: number | null): number | null {
  if (!pricePerUnit) return null;
  const units = Math.round(amount / pricePerUnit);
  return Math.abs(units * pricePerUnit - amount) < 1e-6 ? units : null;
}

/**
 * The contribution rules the server applies too (issue #20): at least the class minimum, at most its maximum, and a
 * multiple of its price per unit when it has one. The text names the bound, so the investor knows what to enter.
 */
export function contributionProblem(terms: ClassTerms, amount: number): string | null {
  if (amount < terms.minimumInvestment) return `The minimum investment for ${terms.name} is ${formatMoney(terms.minimumInvestment)}`;
  if (terms.maximumInvestment !== null && amount > terms.maximumInvestment)
    return `The maximum investment for ${terms.name} is ${formatMoney(terms.maximumInvestment)}`;
  if (terms.pricePerUnit && unitsFor(amount, terms.pricePerUnit) === null)
    return `The amount must be a multiple of the price per unit (${formatMoney(terms.pricePerUnit)})`;
  return null;
}

/** One line of a class's terms for the class choice: 'Minimum $50,000 · Maximum $1,000,000 · $1,000 per unit'. */
export function classTermsLine(terms: ClassTerms): string {
  return [
    `Minimum ${formatMoney(terms.minimumInvestment)}`,
    terms.maximumInvestment !== null ? `Maximum ${formatMoney(terms.maximumInvestment)}` : null,
    terms.pricePerUnit ? `${formatMoney(terms.pricePerUnit)} per unit` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
