import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { dashboardPreset, dashboardPresets, type DashboardPreset } from '@tessera/domain';

/** The dashboard's window (002 §2): 24 hrs, 7 days, 1 month (default), 1 year, all time; none picked (null) for a custom period. Scrolls sideways on phones. */
export function PresetSelector({ value, onChange }: { value: DashboardPreset | null; onChange: (preset: DashboardPreset) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: DashboardPreset | null) => next && onChange(next)}
      aria-label="Period"
      sx={{ maxWidth: '100%', overflowX: 'auto', '& .MuiToggleButton-root': { whiteSpace: 'nowrap', textTransform: 'none', px: 1.5 } }}
    >
      {dashboardPreset.options.map((p) => (
        <ToggleButton key={p} value={p}>
          {dashboardPresets[p].label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
