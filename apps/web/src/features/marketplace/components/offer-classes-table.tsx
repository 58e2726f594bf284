import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
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

/**
 * The offer's classes side by side: one column per class and one row per metric, so a phone scrolls sideways
 * only past the third class or so.
 */
export function OfferClassesTable({ classes }: { classes: readonly OfferClass[] }) {
  if (classes.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No classes yet.</Typography>;
  const rows = ROWS.filter((row) => classes.some((c) => row.value(c) !== null));
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
