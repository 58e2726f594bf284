import { PlaceholderCard } from '../../../components/placeholder-card.tsx';

/** The Financials tab is a placeholder in the spec (001 §2). */
export function MarketplaceOfferFinancialsTab() {
  return <PlaceholderCard title="Financials" />;
}
