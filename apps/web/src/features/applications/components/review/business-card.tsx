import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { businessTypeLabels, countryName, type Business } from '@tessera/domain';
import { DefinitionList } from '../../../../components/definition-list.tsx';
import { PlainSectionCard } from '../../../../components/section-card.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatMoney } from '../../../../lib/format-number.ts';
import { useApplicationBusiness } from '../../api/get-application-business.ts';

function address(b: Business): string {
  return [b.line1, b.line2, [b.city, b.state, b.zip].filter(Boolean).join(' '), countryName(b.country)].filter(Boolean).join(', ');
}

function OwnersTable({ owners }: { owners: Business['owners'] }) {
  if (owners.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No owners added yet.
      </Typography>
    );
  return (
    // Five columns do not fit 360 px: the table scrolls sideways inside the card.
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Business owners" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>First name</TableCell>
            <TableCell>Last name</TableCell>
            <TableCell>Title</TableCell>
            <TableCell align="right">Ownership</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {owners.map((o) => (
            <TableRow key={o._id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.user.email}</TableCell>
              <TableCell>{o.user.firstname}</TableCell>
              <TableCell>{o.user.lastname}</TableCell>
              <TableCell>{o.title}</TableCell>
              <TableCell align="right">{`${o.equity}%`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The business a business application is for, and its owners (001 §2: the business screen lists owners). */
export function BusinessCard({ applicationId }: { applicationId: string }) {
  const query = useApplicationBusiness(applicationId, true);
  return (
    <PlainSectionCard title="Business">
      {query.isPending ? (
        <CircularProgress size={24} aria-label="Loading the business" />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : (
        <>
          <DefinitionList
            rows={[
              ['Name', query.data.name],
              ['DBA', query.data.dba],
              ['Type', businessTypeLabels[query.data.businessType]],
              ['EIN', query.data.ein ?? '—'],
              ['Net worth', formatMoney(query.data.netWorth)],
              ['Revenue', formatMoney(query.data.revenue)],
              ['Website', query.data.website ?? '—'],
              ['Email', query.data.email ?? '—'],
              ['Phone', query.data.phone ?? '—'],
              ['Address', address(query.data)],
            ]}
          />
          <Typography variant="subtitle2" component="h3">
            Owners
          </Typography>
          <OwnersTable owners={query.data.owners} />
        </>
      )}
    </PlainSectionCard>
  );
}
