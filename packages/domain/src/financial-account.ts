import { z } from 'zod';
import { pageQuery, timestamp } from './http.ts';
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
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'FinancialAccount',
    description: "One of the caller's bank or brokerage accounts; the number is always masked.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f5',
        user: '6745a1c2e4b0a1b2c3d4e5f1',
        accountName: 'Operating account',
        type: 'checking',
        number: '*******4321',
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
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

export const createFinancialAccountBody = z.object({ accountName, type: financialAccountType, number: accountNumber }).meta({
  id: 'FinancialAccountCreate',
  description: 'A new financial account; the number (4 to 34 letters or digits, spaces and dashes dropped) is encrypted at rest.',
  examples: [{ accountName: 'Operating account', type: 'checking', number: '000123454321' }],
});
export type CreateFinancialAccountBody = z.input<typeof createFinancialAccountBody>;

/** Every field optional; the number changes only when sent. */
export const updateFinancialAccountBody = z
  .object({ accountName: accountName.optional(), type: financialAccountType.optional(), number: accountNumber.optional() })
  .strict()
  .meta({
    id: 'FinancialAccountUpdate',
    description: 'The fields to change; the number changes only when sent.',
    examples: [{ accountName: 'Reserve account', type: 'savings' }],
  });
export type UpdateFinancialAccountBody = z.input<typeof updateFinancialAccountBody>;

export const financialAccountQuery = pageQuery;
