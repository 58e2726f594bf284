import { MenuItem, TextField } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { gicsChildren, type Gics } from '@tessera/domain';

const LEVELS = [
  { key: 'sector', label: 'Sector' },
  { key: 'industryGroup', label: 'Industry group' },
  { key: 'industry', label: 'Industry' },
  { key: 'subIndustry', label: 'Sub-industry' },
] as const satisfies readonly { key: keyof Gics; label: string }[];

/** Choosing a level clears the levels below it (their old codes belong to another branch). */
export function withGicsLevel(value: Gics, level: keyof Gics, code: string | null): Gics {
  const index = LEVELS.findIndex((l) => l.key === level);
  const next = { ...value, [level]: code };
  for (const lower of LEVELS.slice(index + 1)) next[lower.key] = null;
  return next;
}

interface GicsFieldsProps {
  value: Gics;
  onChange: (value: Gics) => void;
  disabled?: boolean;
  /** Places each select (in a grid cell, say). */
  wrap?: (select: ReactNode) => ReactNode;
}

/** GICS sector → industry group → industry → sub-industry; each select lists the children of the level above. */
export function GicsFields({ value, onChange, disabled = false, wrap = (select) => select }: GicsFieldsProps) {
  return LEVELS.map(({ key, label }, index) => {
    const parent = index === 0 ? null : value[LEVELS[index - 1]!.key];
    const options = index === 0 || parent ? gicsChildren(parent) : [];
    return (
      <Fragment key={key}>
        {wrap(
          <TextField
            select
            label={label}
            fullWidth
            value={value[key] ?? ''}
            disabled={disabled || (index > 0 && !parent)}
            onChange={(e) => onChange(withGicsLevel(value, key, e.target.value || null))}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option.code} value={option.code}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>,
        )}
      </Fragment>
    );
  });
}
