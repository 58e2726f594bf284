import { Box, Button, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useState } from 'react';

export interface ChecklistOption {
  value: string;
  label: string;
  count?: number;
}

/** Long lists show this many until 'Show all' (the checked ones always show). */
const COLLAPSED_MAX = 6;

/** A checkbox list filter: the checked values, in option order. */
export function OfferFiltersChecklist({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: ChecklistOption[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const chosen = new Set(selected);
  const long = options.length > COLLAPSED_MAX;
  const shown = long && !expanded ? options.filter((o, i) => i < COLLAPSED_MAX || chosen.has(o.value)) : options;
  const toggle = (value: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {legend}
      </Typography>
      <FormGroup>
        {shown.map((option) => (
          <FormControlLabel
            key={option.value}
            sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: '7px', minWidth: 0, flex: 1 } }}
            control={<Checkbox size="small" checked={chosen.has(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />}
            label={
              <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', typography: 'body2' }}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {option.label}
                </Box>
                {option.count !== undefined && (
                  <Box component="span" sx={{ color: 'text.secondary' }} aria-label={`${option.count} offers`}>
                    {option.count}
                  </Box>
                )}
              </Box>
            }
          />
        ))}
      </FormGroup>
      {long && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} sx={{ mt: 0.5 }}>
          {expanded ? 'Show less' : `Show all (${options.length})`}
        </Button>
      )}
    </Box>
  );
}
