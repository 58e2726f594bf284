import { Container, Typography } from '@mui/material';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { MarketplaceOfferList } from './marketplace-offer-list.tsx';

/** /marketplace/offers: the tenant's public marketplace, open to signed-out visitors too (001 §2, §6). */
export function MarketplaceOffersPage() {
  const { name } = useTenant();
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Marketplace · ${name}`}</title>
      <Typography component="h1" variant="h4" sx={{ mb: { xs: 2, md: 3 } }}>
        Marketplace
      </Typography>
      <MarketplaceOfferList />
    </Container>
  );
}
