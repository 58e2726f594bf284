import Leaderboard from '@mui/icons-material/Leaderboard';
import { Button, Card, CardContent, CardHeader, Stack, Typography, useTheme } from '@mui/material';
import { BarChart } from '../../../components/charts.tsx';
import type { DashboardScale, InstitutionDashboard } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { formatChartTick } from '../../../lib/format.ts';
import { LeadAccountStatusDonut } from '../../leads/index.ts';

/**
 * New leads in the window (bars) and all leads per account status (donut, in the lead list's colours), 002 §2.
 * 'View All' opens the lead list where there is one (Raise mode).
 */
export function LeadsCard({
  leads,
  scale,
  periodLabel,
  leadsPath,
}: {
  leads: InstitutionDashboard['leads'];
  scale: DashboardScale;
  periodLabel: string;
  /** The lead list, or null where the area has none. */
  leadsPath: string | null;
}) {
  const theme = useTheme();
  const total = Object.values(leads.byStatus).reduce((sum, n) => sum + n, 0);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title="Leads"
        subheader={`${leads.newInPeriod} new ${leads.newInPeriod === 1 ? 'lead' : 'leads'} · ${periodLabel}`}
        action={
          leadsPath && (
            <Button component={RouterLink} to={leadsPath} size="small">
              View All
            </Button>
          )
        }
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
            <Typography color="text.secondary">{total === 0 ? 'No leads yet' : 'No new leads in this period'}</Typography>
          </Stack>
        )}
        <Stack sx={{ mt: 1 }}>
          <LeadAccountStatusDonut byStatus={leads.byStatus} label="Leads by status" />
        </Stack>
      </CardContent>
    </Card>
  );
}
