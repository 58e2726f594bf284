import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useForkRef } from '@mui/material/utils';
import { applyMask, MASKS, type MaskName, unmask } from '@tessera/domain';
import { useState, type ReactNode, type Ref } from 'react';
import { NumericFormat, PatternFormat } from 'react-number-format';

const SENSITIVE: ReadonlySet<MaskName> = new Set(['ssn', 'tin', 'ein']);

/** TextField props the masked inputs accept; value, onChange and type are theirs to own. */
export type MaskedFieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputRef' | 'ref' | 'slotProps' | 'InputProps' | 'inputProps'
> & {
  /** React 19 passes `ref` as a prop, so react-hook-form's `{...field}` focuses the input on error. */
  ref?: Ref<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
};

const fieldSlots = (inputMode: 'numeric' | 'decimal', endAdornment?: ReactNode) => ({
  input: { endAdornment },
  htmlInput: { inputMode, autoComplete: 'off', spellCheck: false },
});

/** react-number-format's `#` takes one digit; our patterns write it as `0` (§5). */
const numberFormatPattern = (mask: MaskName) => MASKS[mask].replace(/0/g, '#');

export interface MaskedInputProps extends MaskedFieldProps {
  mask: MaskName;
  /** The formatted text, e.g. '(555) 123-4567'. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Hidden until revealed with the eye button; on by default for ssn, tin and ein. */
  sensitive?: boolean;
}

/**
 * §5 digit masks: phone, ssn, ein, tin, crd, zip, on react-number-format's PatternFormat (caret over literals,
 * paste, delete). The form holds the text as far as typed, without placeholders: '(555) 1' while typing, '(555) 123-4567' when complete.
 */
export function MaskedInput({ mask, value, onChange, sensitive = SENSITIVE.has(mask), ref, inputRef, ...props }: MaskedInputProps) {
  const [revealed, setRevealed] = useState(false);
  // One input ref for react-number-format that feeds both refs a caller may pass.
  const bothRefs = useForkRef(ref, inputRef);
  const hidden = sensitive && !revealed;
  return (
    <PatternFormat
      {...props}
      customInput={TextField}
      format={numberFormatPattern(mask)}
      mask="_"
      value={unmask(value ?? '')}
      valueIsNumericString
      onValueChange={(values, { source }) => {
        if (source === 'event') onChange?.(applyMask(MASKS[mask], values.value));
      }}
      type={hidden ? 'password' : 'text'}
      getInputRef={bothRefs}
      slotProps={fieldSlots(
        'numeric',
        sensitive && (
          <InputAdornment position="end">
            <IconButton
              edge="end"
              size="small"
              aria-label={hidden ? 'Show value' : 'Hide value'}
              onClick={() => setRevealed((r) => !r)}
              onMouseDown={(event) => event.preventDefault()}
              disabled={props.disabled}
            >
              {hidden ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
            </IconButton>
          </InputAdornment>
        ),
      )}
    />
  );
}

export interface NumberFieldProps extends MaskedFieldProps {
  value?: number | null;
  /** The number typed, or null when the field holds no digits. */
  onChange?: (value: number | null) => void;
}

function NumberField({
  value,
  onChange,
  ref,
  inputRef,
  prefix,
  suffix,
  decimals,
  min = 0,
  max,
  endAdornment,
  ...props
}: NumberFieldProps & { prefix?: string; suffix?: string; decimals: number; min?: number; max?: number; endAdornment?: ReactNode }) {
  const bothRefs = useForkRef(ref, inputRef);
  return (
    <NumericFormat
      {...props}
      customInput={TextField}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      onValueChange={(values, { source }) => {
        if (source === 'event') onChange?.(values.floatValue ?? null);
      }}
      // A keystroke that would leave the bounds is refused, so the field never shows a number the form would not hold.
      isAllowed={({ floatValue }) => floatValue === undefined || (floatValue >= min && (max === undefined || floatValue <= max))}
      prefix={prefix}
      suffix={suffix}
      thousandSeparator={prefix === '$' ? ',' : false}
      decimalScale={decimals}
      allowNegative={min < 0}
      getInputRef={bothRefs}
      type="text"
      slotProps={fieldSlots(decimals > 0 ? 'decimal' : 'numeric', endAdornment)}
    />
  );
}

/** §5 currency: '$' prefix, thousands separators, up to 2 decimals; the form holds the number. */
export function CurrencyInput(props: NumberFieldProps) {
  return <NumberField {...props} prefix="$" decimals={2} />;
}

/** §5 percent: '%' suffix, up to 2 decimals, within min (0) and max (100 by default); the form holds the number in percent units. */
export function PercentInput({ min = 0, max = 100, ...props }: NumberFieldProps & { min?: number; max?: number }) {
  return <NumberField {...props} suffix="%" decimals={2} min={min} max={max} />;
}

/** A plain number with its unit beside it ('x', 'months'); whole numbers when decimals is 0. */
export function UnitNumberInput({ unit, decimals = 2, ...props }: NumberFieldProps & { unit: string; decimals?: number }) {
  return <NumberField {...props} decimals={decimals} endAdornment={<InputAdornment position="end">{unit}</InputAdornment>} />;
}
