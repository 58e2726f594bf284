import { formatDate } from '../../../lib/format.ts';

/** '12/2029': a card's expiry as printed on it. */
export const cardExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

/** 'Nov 27, 2026 – Dec 27, 2026', or '-' when the line covers no period. */
export function periodText(start: string | null, end: string | null): string {
  if (!start || !end) return '-';
  return `${formatDate(start)} – ${formatDate(end)}`;
}
