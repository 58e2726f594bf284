import { FormControlLabel, FormGroup, Switch, Typography } from '@mui/material';
import { notificationCategory, notificationCategoryLabels, type User } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateNotifications } from '../api/update-notifications.ts';
import { SectionCard } from './section-card.tsx';

/** One switch per §3 notification category, saved as it is flipped. */
export function NotificationsSection({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateNotifications(user._id);
  const prefs =
    update.isPending && update.variables
      ? { ...user.notificationPreferences, ...update.variables.notificationPreferences }
      : user.notificationPreferences;

  return (
    <SectionCard title="Notifications" subtitle="Choose which e-mails you receive.">
      <FormGroup>
        {notificationCategory.options.map((category) => {
          const { label, description } = notificationCategoryLabels[category];
          return (
            <FormControlLabel
              key={category}
              sx={{ alignItems: 'flex-start', mb: 1.5, mr: 0 }}
              control={
                <Switch
                  checked={prefs[category] === true}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { notificationPreferences: { [category]: event.target.checked } },
                      { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) },
                    )
                  }
                  slotProps={{ input: { 'aria-describedby': `notification-${category}` } }}
                />
              }
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                    {label}
                  </Typography>
                  <Typography
                    id={`notification-${category}`}
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {description}
                  </Typography>
                </span>
              }
            />
          );
        })}
      </FormGroup>
    </SectionCard>
  );
}
