// The public face of the financial-accounts module, owner of the `financial_accounts` table.
export { findOwnedAccountIds, toFinancialAccount } from './financial-accounts.repository.ts';
