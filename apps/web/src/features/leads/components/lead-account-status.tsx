import { Box, List, ListItem, ListItemText, Stack, Typography, useTheme, type Theme } from '@mui/material';
import { PieChart } from '../../../components/charts.tsx';
import { leadAccountStatus, leadAccountStatusLabels, type LeadAccountStatus } from '@tessera/domain';
import { membershipStatusColours } from '../../../components/membership-status-legend.tsx';

/**
 * A colour per lead account status: the membership statuses keep the colours of the membership legend (so a lead and
 * a member in the same status look alike), and 'No account' is a quiet grey that reads in both modes.
 */
export function leadAccountStatusColours(theme: Theme): Record<LeadAccountStatus, string> {
  return {
    ...membershipStatusColours(theme),
    none: theme.palette.mode === 'dark' ? theme.palette.grey[700] : theme.palette.grey[300],
  };
}

/** A lead's account status as a coloured dot and its label (000 §4), in the donut's colours. */
export function LeadAccountStatusDot({ status }: { status: LeadAccountStatus }) {
  const colours = leadAccountStatusColours(useTheme());
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: colours[status] }} />
      <Typography variant="body2" component="span">
        {leadAccountStatusLabels[status]}
      </Typography>
    </Stack>
  );
}

/**
 * Leads per account status: a donut (drawn only when there is a lead; screen readers get the list beside it) and the
 * legend of every status with its count.
 */
export function LeadAccountStatusDonut({ byStatus, label }: { byStatus: Record<string, number>; label: string }) {
  const colours = leadAccountStatusColours(useTheme());
  const countOf = (s: LeadAccountStatus) => byStatus[s] ?? 0;
  const slices = leadAccountStatus.options
    .filter((s) => countOf(s) > 0)
    .map((s) => ({ id: s, value: countOf(s), label: leadAccountStatusLabels[s], color: colours[s] }));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      {/* The legend beside it says the same in words: the chart is kept from the keyboard and assistive tech alike (inert,
          as the tenant dashboard's: aria-hidden alone left its focusable parts in the tab order, axe aria-hidden-focus). */}
      {slices.length > 0 && (
        <Box sx={{ width: 160, height: 160, flexShrink: 0 }} inert>
          <PieChart
            series={[{ data: slices, innerRadius: 45, outerRadius: 75, paddingAngle: 1, cornerRadius: 3 }]}
            width={160}
            height={160}
            hideLegend
          />
        </Box>
      )}
      <List dense sx={{ width: '100%' }} aria-label={label}>
        {leadAccountStatus.options.map((s) => (
          <ListItem key={s} disableGutters secondaryAction={<Typography sx={{ fontWeight: 600 }}>{countOf(s)}</Typography>}>
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[s], mr: 1.5, flexShrink: 0 }} />
            <ListItemText primary={leadAccountStatusLabels[s]} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
