import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { type OfferClass } from '@tessera/domain';
import { formatMoney as money, formatMonths, formatMultiple, formatPercent } from '../../../lib/format-number.ts';

/** The class metrics, in the order investors compare them; a row shows only when some class sets it. */
const ROWS: { label: string; value: (c: OfferClass) => number | null; format: (v: number | null) => string }[] = [
  { label: 'Min. Investment', value: (c) => c.minimumInvestment, format: money },
  { label: 'Max. Investment', value: (c) => c.maximumInvestment, format: money },
  { label: 'Target IRR', value: (c) => c.internalRateOfReturn, format: formatPercent },
  { label: 'Annualized Return', value: (c) => c.annualizedReturn, format: formatPercent },
  { label: 'Cash on Cash', value: (c) => c.cashOnCash, format: formatPercent },
  { label: 'Equity Multiple', value: (c) => c.equityMultiple, format: formatMultiple },
  { label: 'Holding Period', value: (c) => c.holdingPeriod, format: formatMonths },
  { label: 'Preferred Return', value: (c) => c.preferredReturn, format: formatPercent },
  { label: 'Distribution Frequency', value: (c) => c.distributionFrequency, format: formatMonths },
  { label: 'Distribution Share', value: (c) => c.distributionShare, format: formatPercent },
  { label: 'Price per Unit', value: (c) => c.pricePerUnit, format: money },
  { label: 'Upside Split', value: (c) => c.upsideSplit, format: formatPercent },
];

type Row = (typeof ROWS)[number];

/**
 * On a phone, one card per class with its metrics one under another: two classes side by side with their labels need
 * about 400 px, so a table would hide the second class behind a sideways scroll nobody sees; every class is read
 * down the page instead, the way phones are read.
 */
function StackedClasses({ classes, rows }: { classes: readonly OfferClass[]; rows: Row[] }) {
  return (
    <Stack spacing={1.5} role="group" aria-label="Offer classes">
      {classes.map((c) => (
        <Paper key={c.id} variant="outlined" component="section" aria-labelledby={`class-${c.id}`} sx={{ p: 1.5 }}>
          <Typography id={`class-${c.id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
            {c.name}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
            {rows.map((row) => (
              <Box key={row.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {row.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {row.format(row.value(c))}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The offer's classes side by side, one column per class and one row per metric, from 600 px up; stacked per class
 * on a phone.
 */
export function OfferClassesTable({ classes }: { classes: readonly OfferClass[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (classes.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No classes yet.</Typography>;
  const rows = ROWS.filter((row) => classes.some((c) => row.value(c) !== null));
  if (phone) return <StackedClasses classes={classes} rows={rows} />;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Offer classes">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Class
            </TableCell>
            {classes.map((c) => (
              <TableCell key={c.id} component="th" scope="col" align="right" sx={{ fontWeight: 600, minWidth: 110 }}>
                {c.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              {classes.map((c) => (
                <TableCell key={c.id} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.format(row.value(c))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
