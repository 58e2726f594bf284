import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { listOf, marketplaceOfferCard } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/hooks/use-session.ts';

/**
 * A stand-in for the marketplace offer list (built alongside, with filters and cards), so the institution page's
 * Offers tab works meanwhile: a plain list of the institution's listed offers. Replaced by that list at merge.
 */
export function MarketplaceOfferList({ institutionId }: { institutionId?: string }) {
  const { tenantId } = useSession();
  const query = institutionId ? `?institution=${encodeURIComponent(institutionId)}` : '';
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['marketplace', tenantId, 'offers', { institution: institutionId }],
    queryFn: ({ signal }) => apiRequest(`/tenant/${encodeURIComponent(tenantId ?? '')}/marketplace/offers${query}`, { schema: listOf(marketplaceOfferCard), signal }),
    enabled: Boolean(tenantId),
  });
  if (error) return <ErrorBlock error={error} onRetry={() => void refetch()} />;
  if (isPending) return <SkeletonList label="Loading offers" />;
  if (data.data.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No offers found</Typography>;
  return (
    <Stack spacing={1}>
      {data.data.map((offer) => (
        <Card key={offer._id} variant="outlined">
          <CardActionArea component={RouterLink} to={`/marketplace/offers/${encodeURIComponent(offer.slug)}`}>
            <CardContent>
              <Typography variant="subtitle1" component="h3">{offer.name}</Typography>
              {offer.descriptionShort && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{offer.descriptionShort}</Typography>}
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}
