import { z } from 'zod';
import { pageQuery } from './http.ts';
import { objectId } from './ids.ts';

export const financialAccountType = z.enum(['checking', 'savings', 'brokerage', 'retirement', 'other']);
export type FinancialAccountType = z.infer<typeof financialAccountType>;
export const financialAccountTypeLabels: Record<FinancialAccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  brokerage: 'Brokerage',
  retirement: 'Retirement',
  other: 'Other',
};

export const financialAccount = z
  .object({
    _id: objectId,
    user: objectId,
    accountName: z.string(),
    type: financialAccountType,
    /** Always masked: every character but the last four hidden. */
    number: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('FinancialAccount');
export type FinancialAccount = z.infer<typeof financialAccount>;

const accountName = z
  .string({ error: 'Account name is required' })
  .trim()
  .min(1, 'Account name is required')
  .max(100, 'Account name must be at most 100 characters');
/** Account numbers (US 4–17 digits, IBANs up to 34 letters and digits); spaces and dashes are dropped. */
export const accountNumber = z
  .string({ error: 'Account number is required' })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{4,34}$/, 'Account number must be 4 to 34 letters or digits'));

export const createFinancialAccountBody = z
  .object({ accountName, type: financialAccountType, number: accountNumber })
  .describe('CreateFinancialAccountBody');
export type CreateFinancialAccountBody = z.input<typeof createFinancialAccountBody>;

/** Every field optional; the number changes only when sent. */
export const updateFinancialAccountBody = z
  .object({ accountName: accountName.optional(), type: financialAccountType.optional(), number: accountNumber.optional() })
  .strict()
  .describe('UpdateFinancialAccountBody');
export type UpdateFinancialAccountBody = z.input<typeof updateFinancialAccountBody>;

export const financialAccountQuery = pageQuery;
