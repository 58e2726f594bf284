import Search from '@mui/icons-material/Search';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Container,
  InputAdornment,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { institutionTypeLabels, PAGE_LIMIT_DEFAULT, type MarketplaceInstitutionSummary } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMarketplaceInstitutions } from '../api/list-marketplace-institutions.ts';
import { InstitutionLogoAvatar, marketplaceInstitutionPath } from './institution-summary-card.tsx';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;
const SKELETON_CARDS = 6;

function InstitutionCard({ institution }: { institution: MarketplaceInstitutionSummary }) {
  const name = institution.name.trim() || institution._id;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={marketplaceInstitutionPath(institution.slug || institution._id)}
        sx={{ height: '100%', alignItems: 'stretch', display: 'flex', flexDirection: 'column' }}
      >
        <CardContent sx={{ flex: 1, width: '100%' }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
            <InstitutionLogoAvatar name={name} logoUrl={institution.logoUrl} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {institutionTypeLabels[institution.type]}
              </Typography>
            </Box>
          </Stack>
          {institution.descriptionShort && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                mb: 1.5,
              }}
            >
              {institution.descriptionShort}
            </Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {institution.offersCount === 1 ? '1 offer' : `${institution.offersCount} offers`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /marketplace/institutions (001 §2): the tenant's institutions, the most offers first, searched and paged on the server. */
export function MarketplaceInstitutionsPage() {
  const { tenantId } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(params.get('search') ?? '');
  const search = useListSearch(text);
  const { data, error, isPending, isPlaceholderData, refetch } = useMarketplaceInstitutions(tenantId ?? '', {
    page,
    limit: PAGE_LIMIT_DEFAULT,
    search: search || undefined,
  });
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / data.meta.limit)) : 1;

  const onSearch = (value: string) => {
    setText(value);
    // A new search starts from the first page.
    setParams(
      (p) => {
        p.delete('page');
        if (value.trim()) p.set('search', value.trim());
        else p.delete('search');
        return p;
      },
      { replace: true },
    );
  };
  const onPage = (next: number) =>
    setParams((p) => {
      if (next > 1) p.set('page', String(next));
      else p.delete('page');
      return p;
    });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <title>Institutions</title>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="h4" component="h1" sx={{ typography: { xs: 'h5', sm: 'h4' } }}>
            Institutions
          </Typography>
          <TextField
            size="small"
            type="search"
            label="Search institutions"
            value={text}
            onChange={(e) => onSearch(e.target.value)}
            helperText={text.trim() && !search && text.trim().length <= 2 ? 'Type at least 3 characters' : undefined}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Stack>
        {error ? (
          <ErrorBlock error={error} onRetry={() => void refetch()} />
        ) : isPending || !tenantId ? (
          <Box sx={grid} role="progressbar" aria-label="Loading institutions" aria-busy="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={150} />
            ))}
          </Box>
        ) : data.data.length === 0 ? (
          <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>No institutions found</Typography>
          </Card>
        ) : (
          <>
            <Box
              component="ul"
              aria-label="Institutions"
              aria-busy={isPlaceholderData}
              sx={{ ...grid, listStyle: 'none', p: 0, m: 0, opacity: isPlaceholderData ? 0.6 : 1 }}
            >
              {data.data.map((institution) => (
                <Box component="li" key={institution._id} sx={{ minWidth: 0 }}>
                  <InstitutionCard institution={institution} />
                </Box>
              ))}
            </Box>
            {pages > 1 && (
              <Pagination count={pages} page={page} onChange={(_, next) => onPage(next)} siblingCount={0} sx={{ alignSelf: 'center' }} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
