import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  ANALYTICS_METRICS,
  DEFAULT_DASHBOARD_PRESET,
  dashboardPreset,
  dashboardPresets,
  dashboardScale,
  presetRange,
  type AnalyticsRanked,
  type DashboardPreset,
  type DashboardScale,
} from '@tessera/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AnalyticsPanel } from '../../../components/analytics-panel.tsx';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { PresetSelector } from '../../../components/preset-selector.tsx';
import { formatCount } from '../../../lib/format-number.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useMarketplaceDashboard, type MarketplaceWindow } from '../api/get-marketplace-dashboard.ts';

/** A calendar day as the date inputs write it (YYYY-MM-DD) that is a real date. */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const SCALE_LABELS: Record<DashboardScale, string> = { hour: 'By hour', day: 'By day', month: 'By month' };

/**
 * The window from the address: `?preset=` (default 1 month), or a custom `?from=YYYY-MM-DD&to=YYYY-MM-DD&scale=`
 * (whole UTC days, `to` included). The preset's end is the minute the page opened, so the query stays the same
 * while the page is open.
 */
function useWindow(): { window: MarketplaceWindow; preset: DashboardPreset | null; label: string } {
  const [params] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const from = params.get('from');
  const to = params.get('to');
  const scale = dashboardScale.safeParse(params.get('scale'));
  return useMemo(() => {
    if (from && to && scale.success && isDay(from) && isDay(to) && from <= to) {
      return {
        window: { start: `${from}T00:00:00.000Z`, end: `${to}T23:59:59.999Z`, scale: scale.data },
        preset: null,
        label: `${from} to ${to} (UTC)`,
      };
    }
    const picked = dashboardPreset.safeParse(params.get('preset'));
    const preset = picked.success ? picked.data : DEFAULT_DASHBOARD_PRESET;
    const range = presetRange(preset, openedAt);
    return {
      window: { start: range.start.toISOString(), end: range.end.toISOString(), scale: range.scale },
      preset,
      label: preset === 'all-time' ? 'All time' : `Last ${dashboardPresets[preset].label}`,
    };
  }, [from, to, scale.success, scale.data, params, openedAt]);
}

function CustomRange({
  initial,
  onApply,
}: {
  initial: MarketplaceWindow;
  onApply: (from: string, to: string, scale: DashboardScale) => void;
}) {
  const [from, setFrom] = useState(initial.start.slice(0, 10));
  const [to, setTo] = useState(initial.end.slice(0, 10));
  const [scale, setScale] = useState<DashboardScale>(initial.scale);
  const invalid = !from || !to || from > to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) onApply(from, to, scale);
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'center' } }}
      aria-label="Custom period"
    >
      <TextField
        size="small"
        type="date"
        label="From"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={from > to}
        helperText={from > to ? 'To must be on or after From' : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        select
        label="Scale"
        value={scale}
        onChange={(e) => setScale(e.target.value as DashboardScale)}
        sx={{ minWidth: 130 }}
      >
        {dashboardScale.options.map((s) => (
          <MenuItem key={s} value={s}>
            {SCALE_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" disabled={invalid}>
        Apply
      </Button>
    </Stack>
  );
}

/** Columns shown where a card has the room: not on a phone, nor in the half-width cards of a laptop screen. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell', lg: 'none', xl: 'table-cell' } } as const;

function RankedCard({
  title,
  rows,
  pathOf,
  empty,
}: {
  title: string;
  rows: AnalyticsRanked[];
  pathOf: (id: string) => string;
  empty: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader="By impressions in the period" />
      <CardContent sx={{ pt: 0 }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell align="right">Impressions</TableCell>
                  <TableCell align="right">Unique visitors</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Page views
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    CTA clicks
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r._id}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: { sm: 160 } }}>
                      <Link component={RouterLink} to={pathOf(r._id)}>
                        {r.name}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{formatCount(r.totals.impressions)}</TableCell>
                    <TableCell align="right">{formatCount(r.totals.visitors)}</TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {formatCount(r.totals.views)}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {formatCount(r.totals.ctaClicks)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /tenant/marketplace/dashboard (002 §2, #25): the marketplace's analytics over a preset (002 §2's presets, 1 month by
 * default) or a custom period — totals, a chart per bucket, and the offers and institutions seen most — read from the
 * rollups through GET tenant/{id}/dashboard.
 */
export function MarketplaceDashboardPage() {
  const { tenantId } = useTenant();
  const [, setParams] = useSearchParams();
  const { window, preset, label } = useWindow();
  const dashboard = useMarketplaceDashboard(tenantId ?? '', window);

  return (
    <Stack spacing={3}>
      <title>Marketplace dashboard</title>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Typography component="h1" variant="h4">
          Marketplace dashboard
        </Typography>
        <PresetSelector value={preset} onChange={(p) => setParams({ preset: p })} />
      </Stack>
      <CustomRange
        key={`${window.start}-${window.end}-${window.scale}`}
        initial={window}
        onApply={(from, to, scale) => setParams({ from, to, scale })}
      />
      {dashboard.isPending ? (
        <Grid container spacing={2} aria-label="Loading dashboard" role="status">
          <Grid size={12}>
            <Skeleton variant="rounded" height={360} />
          </Grid>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, lg: 6 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      ) : dashboard.isError ? (
        <ErrorBlock error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Grid container spacing={2} sx={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}>
          <Grid size={12}>
            <AnalyticsPanel
              title="Marketplace analytics"
              analytics={dashboard.data.analytics}
              metrics={ANALYTICS_METRICS}
              periodLabel={label}
              emptyText="No marketplace activity in this period yet."
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <RankedCard
              title="Top offers"
              rows={dashboard.data.topOffers}
              pathOf={(id) => `/tenant/marketplace/offers/${id}`}
              empty="No offer was seen in this period."
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <RankedCard
              title="Top institutions"
              rows={dashboard.data.topInstitutions}
              pathOf={(id) => `/tenant/marketplace/institutions/${id}`}
              empty="No institution was seen in this period."
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
