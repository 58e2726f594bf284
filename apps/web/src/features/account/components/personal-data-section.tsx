import Download from '@mui/icons-material/Download';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportUserData } from '../api/export-user-data.ts';
import { SectionCard } from './section-card.tsx';

const SUPPORT_EMAIL = 'support@tessera.local';

/** Your Personal Data: the JSON export, and how to have the account deleted. */
export function PersonalDataSection({ userId }: { userId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const exportData = useExportUserData(userId);
  return (
    <SectionCard
      title="Your Personal Data"
      subtitle="Download a copy of everything we hold about you in this organization, as a JSON file."
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<Download />}
          loading={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => enqueueSnackbar('Data exported successfully', { variant: 'success' }),
              onError: (error) => enqueueSnackbar(`Error exporting data: ${errorMessage(error)}`, { variant: 'error' }),
            })
          }
        >
          Export
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          To delete your account and its data, contact support at{' '}
          <Link href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Delete my account')}`}>{SUPPORT_EMAIL}</Link>.
        </Typography>
      </Stack>
    </SectionCard>
  );
}
