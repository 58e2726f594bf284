import Leaderboard from '@mui/icons-material/Leaderboard';
import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  membershipStatus,
  membershipStatusLabels,
  type DashboardScale,
  type InstitutionDashboard,
  type MembershipStatus,
} from '@tessera/domain';
import { MembershipStatusLegend, membershipStatusColours } from '../../../components/membership-status-legend.tsx';
import { formatChartTick } from '../../../lib/format.ts';

/**
 * New leads in the window (bars) and leads per membership status (donut), 002 §2. Leads arrive with the
 * lead list; until then every count is zero and the card says so rather than drawing empty charts.
 */
export function LeadsCard({
  leads,
  scale,
  periodLabel,
}: {
  leads: InstitutionDashboard['leads'];
  scale: DashboardScale;
  periodLabel: string;
}) {
  const theme = useTheme();
  const colours = membershipStatusColours(theme);
  const countOf = (s: MembershipStatus) => leads.byStatus[s] ?? 0;
  const slices = membershipStatus.options
    .filter((s) => countOf(s) > 0)
    .map((s) => ({ id: s, value: countOf(s), label: membershipStatusLabels[s], color: colours[s] }));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title="Leads"
        subheader={`${leads.newInPeriod} new ${leads.newInPeriod === 1 ? 'lead' : 'leads'} · ${periodLabel}`}
        action={<Chip size="small" variant="outlined" label="Lead list coming soon" />}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {leads.newInPeriod > 0 ? (
          <BarChart
            height={200}
            xAxis={[{ scaleType: 'band', data: leads.series.map((p) => formatChartTick(p.bucket, scale)), tickLabelMinGap: 12 }]}
            yAxis={[{ tickMinStep: 1, width: 32 }]}
            series={[{ data: leads.series.map((p) => p.count), label: 'New leads', color: theme.palette.primary.main }]}
            hideLegend
            margin={{ left: 0, right: 8 }}
          />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <Leaderboard color="disabled" sx={{ fontSize: 40 }} />
            <Typography color="text.secondary">No leads yet</Typography>
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          {slices.length > 0 && (
            <Box sx={{ width: 160, height: 160, flexShrink: 0 }} aria-hidden>
              <PieChart
                series={[{ data: slices, innerRadius: 45, outerRadius: 75, paddingAngle: 1, cornerRadius: 3 }]}
                width={160}
                height={160}
                hideLegend
              />
            </Box>
          )}
          <MembershipStatusLegend label="Leads by status" colours={colours} countOf={countOf} />
        </Stack>
      </CardContent>
    </Card>
  );
}
