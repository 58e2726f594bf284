import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { dashboardPreset, dashboardPresets, type DashboardPreset } from '@tessera/domain';

export interface PresetOption {
  preset: DashboardPreset;
  label: string;
}

/** The dashboards' buttons: every preset, in the domain's order, with its label. */
const DASHBOARD_OPTIONS: readonly PresetOption[] = dashboardPreset.options.map((preset) => ({
  preset,
  label: dashboardPresets[preset].label,
}));

interface PresetSelectorProps {
  value: DashboardPreset | null;
  onChange: (preset: DashboardPreset) => void;
  /** The buttons in the order they read: the lead list's time scale names and orders them its own way. */
  options?: readonly PresetOption[];
  'aria-label'?: string;
}

/** The dashboard's window (002 §2): 24 hrs, 7 days, 1 month (default), 1 year, all time; none picked (null) for a custom period. Scrolls sideways on phones. */
export function PresetSelector({ value, onChange, options = DASHBOARD_OPTIONS, 'aria-label': ariaLabel = 'Period' }: PresetSelectorProps) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, next: DashboardPreset | null) => next && onChange(next)}
      aria-label={ariaLabel}
      sx={{ maxWidth: '100%', overflowX: 'auto', '& .MuiToggleButton-root': { whiteSpace: 'nowrap', textTransform: 'none', px: 1.5 } }}
    >
      {options.map(({ preset, label }) => (
        <ToggleButton key={preset} value={preset}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
