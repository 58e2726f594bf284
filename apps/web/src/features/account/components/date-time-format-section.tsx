import { Grid, MenuItem, TextField, Typography } from '@mui/material';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, TIME_FORMATS, type User } from '@tessera/domain';
import { formatDateAs } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { useUpdateAccount } from '../api/update-account.ts';
import { SectionCard } from './section-card.tsx';

/** The §9 formats, saved on the account as soon as one is picked, with a live example. */
export function DateTimeFormatSection({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateAccount(user._id);
  const [now] = useState(() => new Date());
  const dateFormat = user.dateFormat ?? DEFAULT_DATE_FORMAT;
  const timeFormat = user.timeFormat ?? DEFAULT_TIME_FORMAT;

  const save = (body: { dateFormat: (typeof DATE_FORMATS)[number] } | { timeFormat: (typeof TIME_FORMATS)[number] }) =>
    update.mutate(body, {
      onSuccess: () => enqueueSnackbar('Profile details updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating profile details', { variant: 'error' }),
    });

  return (
    <SectionCard title="Time and Date format" subtitle="How dates and times are written for you.">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label="Date format"
            value={dateFormat}
            disabled={update.isPending}
            onChange={(event) => save({ dateFormat: event.target.value as (typeof DATE_FORMATS)[number] })}
          >
            {DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {`${f} (${formatDateAs(now, f)})`}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label="Time format"
            value={timeFormat}
            disabled={update.isPending}
            onChange={(event) => save({ timeFormat: event.target.value as (typeof TIME_FORMATS)[number] })}
          >
            {TIME_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {`${f} (${formatDateAs(now, f)})`}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }} aria-live="polite">
        Example: {formatDateAs(now, `${dateFormat} ${timeFormat}`)}
      </Typography>
    </SectionCard>
  );
}
