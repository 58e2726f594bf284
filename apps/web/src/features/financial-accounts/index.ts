// The financial-accounts feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { useFinancialAccounts } from './api/list-financial-accounts.ts';
export { FinancialAccountDialog } from './components/financial-account-dialog.tsx';
export { financialAccountColumns } from './components/financial-accounts-page.tsx';
