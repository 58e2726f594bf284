import { PlaceholderCard } from '../../../components/placeholder-card.tsx';

/** §2: financial-accounts and legal of a legal entity are placeholder cards for now. */
export const FinancialAccountsPlaceholder = () => <PlaceholderCard title="Financial Accounts" headingLevel="h3" />;
export const LegalPlaceholder = () => <PlaceholderCard title="Legal" headingLevel="h3" />;
