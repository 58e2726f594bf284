import { FormControlLabel, FormGroup, Switch } from '@mui/material';
import { permission, permissionLabels, type Permission } from '@tessera/domain';

interface AttributeSwitchesProps {
  value: Partial<Record<Permission, boolean>>;
  onChange: (value: Record<Permission, boolean>) => void;
  disabled?: boolean;
}

/** The member attribute flags (§6: a permission holds only when its flag is on). */
export function AttributeSwitches({ value, onChange, disabled }: AttributeSwitchesProps) {
  const all = Object.fromEntries(permission.options.map((p) => [p, value[p] === true])) as Record<Permission, boolean>;
  return (
    <FormGroup>
      {permission.options.map((p) => (
        <FormControlLabel
          key={p}
          control={<Switch checked={all[p]} disabled={disabled} onChange={(e) => onChange({ ...all, [p]: e.target.checked })} />}
          label={`${permissionLabels[p]} (${p})`}
        />
      ))}
    </FormGroup>
  );
}
