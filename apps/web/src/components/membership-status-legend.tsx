import { Box, List, ListItem, ListItemText, Typography, type Theme } from '@mui/material';
import { membershipStatus, membershipStatusLabels, type MembershipStatus } from '@tessera/domain';

/** A colour per membership status, from the tenant's palette so it follows the branding and the mode. */
export function membershipStatusColours(theme: Theme): Record<MembershipStatus, string> {
  return {
    active: theme.palette.success.main,
    invited: theme.palette.info.main,
    'invite-rejected': theme.palette.warning.main,
    requested: theme.palette.secondary.main,
    'request-denied': theme.palette.grey[500],
    suspended: theme.palette.error.main,
  };
}

/** Every membership status with its colour dot, label and count: the key of a donut of them. */
export function MembershipStatusLegend({
  label,
  colours,
  countOf,
}: {
  /** The list's accessible name. */
  label: string;
  colours: Record<MembershipStatus, string>;
  countOf: (status: MembershipStatus) => number;
}) {
  return (
    <List dense sx={{ width: '100%' }} aria-label={label}>
      {membershipStatus.options.map((s) => (
        <ListItem key={s} disableGutters secondaryAction={<Typography sx={{ fontWeight: 600 }}>{countOf(s)}</Typography>}>
          <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[s], mr: 1.5, flexShrink: 0 }} />
          <ListItemText primary={membershipStatusLabels[s]} />
        </ListItem>
      ))}
    </List>
  );
}
