import { BILLING_LIMITS, type BuiltinCardInput } from '@tessera/domain';
import { z } from 'zod';

/** The Luhn checksum every card number carries: a mistyped digit is caught before anything is sent. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** American Express numbers are 15 digits grouped 4-6-5; the others 16 in fours. */
export const cardNumberFormat = (digits: string) => (/^3[47]/.test(digits) ? '#### ###### #####' : '#### #### #### ####');

/** 'MM/YY' → month and four-digit year, or null when it is not a month. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Whether a card expiring at the end of `month`/`year` still works today. */
const notExpired = ({ month, year }: { month: number; year: number }, now = new Date()) =>
  year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);

export const expiryField = z
  .string()
  .refine((v) => parseExpiry(v) !== null, 'Enter the expiry as MM/YY')
  .refine((v) => {
    const expiry = parseExpiry(v);
    return expiry === null || notExpired(expiry);
  }, 'This card has expired');

export const holderNameField = z.string().trim().min(1, 'Name on card is required').max(BILLING_LIMITS.holderName);

/** The add-card form: what the person types, checked before the built-in provider sees it. */
export const cardForm = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, 'Enter the full card number')
        .refine(passesLuhn, 'This card number is not valid'),
    ),
  expiry: expiryField,
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  holderName: holderNameField,
  primary: z.boolean(),
});
export type CardFormInput = z.input<typeof cardForm>;
export type CardFormValues = z.output<typeof cardForm>;

/** The body of POST payments/builtin/tokens. */
export function builtinCard(values: CardFormValues): BuiltinCardInput {
  const expiry = parseExpiry(values.expiry)!;
  return { number: values.number, expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc, holderName: values.holderName };
}
