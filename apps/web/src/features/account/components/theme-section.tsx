import { Button, FormControlLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { themeMode, type ThemeMode } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useThemeMode } from '../../../lib/theme/use-theme-mode.ts';
import { useUpdateMemberPreferences } from '../api/update-member-preferences.ts';
import { SectionCard } from './section-card.tsx';

/** Light or dark, the same switch as the top bar's toggle; 'Set as default' stores it on this tenant's membership. */
export function ThemeSection({ userId }: { userId: string }) {
  const { mode, toggleMode } = useThemeMode();
  const { tenantMember } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const save = useUpdateMemberPreferences(userId);
  const isDefault = tenantMember?.preferences.themeMode === mode;

  return (
    <SectionCard title="Theme" subtitle="Choose how the platform looks on this device.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <RadioGroup
          row
          aria-label="Theme"
          name="theme-mode"
          value={mode}
          onChange={(event) => {
            if (themeMode.parse(event.target.value as ThemeMode) !== mode) toggleMode();
          }}
        >
          <FormControlLabel value="light" control={<Radio />} label="Light" />
          <FormControlLabel value="dark" control={<Radio />} label="Dark" />
        </RadioGroup>
        <Button
          variant="outlined"
          disabled={isDefault || !tenantMember}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { themeMode: mode },
              {
                onSuccess: () => enqueueSnackbar(`${mode === 'dark' ? 'Dark' : 'Light'} theme set as default`, { variant: 'success' }),
                onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
              },
            )
          }
        >
          {isDefault ? 'Default' : 'Set as default'}
        </Button>
      </Stack>
    </SectionCard>
  );
}
