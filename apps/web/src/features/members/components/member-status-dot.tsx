import { Box, Stack, Typography } from '@mui/material';
import { membershipStatusColors, membershipStatusLabels, type MembershipStatus } from '@tessera/domain';

/** A membership status as a coloured dot and its label. */
export function MemberStatusDot({ status }: { status: MembershipStatus }) {
  const color = membershipStatusColors[status];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Box
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: color === 'default' ? 'text.disabled' : `${color}.main` }}
      />
      <Typography variant="body2" component="span">
        {membershipStatusLabels[status]}
      </Typography>
    </Stack>
  );
}
