import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { NumericFormat } from 'react-number-format';

type RangeUnit = '$' | '%' | 'x';

/** What a bound field holds: '' and anything unreadable or negative are no bound (0). */
function parseBound(text: string): number {
  const value = Number(text.replace(/[,\s$%x]/gi, ''));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

const boundText = (value: number) => (value > 0 ? String(value) : '');

/**
 * One bound of a range. Typing stays local and is applied on blur or Enter, so the list is not asked again for
 * every keystroke; a change from outside (Clear Filters, the address) replaces what the field shows.
 */
function BoundField({
  label,
  name,
  value,
  unit,
  onCommit,
}: {
  label: string;
  name: string;
  value: number;
  unit: RangeUnit;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(boundText(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(boundText(value));
  }
  const commit = () => {
    const next = parseBound(text);
    setText(boundText(next));
    if (next !== value) onCommit(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const adornment =
    unit === '$'
      ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
      : { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> };
  return (
    <NumericFormat
      customInput={TextField}
      label={label}
      size="small"
      value={text}
      valueIsNumericString
      // 000 §5: amounts with thousands separators as typed.
      thousandSeparator={unit === '$' ? ',' : false}
      decimalScale={2}
      allowNegative={false}
      placeholder="Any"
      onValueChange={(values) => setText(values.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      // The visible label is short ('Min', 'Max') so it fits beside a unit on a phone; the input's name says which range.
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': name }, input: adornment }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}

/** A min and max pair (001 §5: 0 or empty means no bound). */
export function OfferFiltersRange({
  legend,
  unit,
  min,
  max,
  onMin,
  onMax,
}: {
  legend: string;
  unit: RangeUnit;
  min: number;
  max: number;
  onMin: (value: number) => void;
  onMax: (value: number) => void;
}) {
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Stack direction="row" spacing={1}>
        <BoundField label="Min" name={`${legend} min`} value={min} unit={unit} onCommit={onMin} />
        <BoundField label="Max" name={`${legend} max`} value={max} unit={unit} onCommit={onMax} />
      </Stack>
    </Stack>
  );
}
