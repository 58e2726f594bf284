import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import {
  applyMask,
  MASKS,
  type MaskName,
  maskCurrencyInput,
  maskPercentInput,
  parseCurrencyInput,
  parsePercentInput,
} from '@tessera/domain';
import { useState } from 'react';
import { type MaskedFieldProps, MaskedTextField } from './masked-text-field.tsx';

const DIGIT = /\d/;
const NUMBER_CHAR = /[\d.]/;
const SENSITIVE: ReadonlySet<MaskName> = new Set(['ssn', 'tin', 'ein']);

export interface MaskedInputProps extends MaskedFieldProps {
  mask: MaskName;
  /** The formatted text, e.g. '(555) 123-4567'. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Hidden until revealed with the eye button; on by default for ssn, tin and ein. */
  sensitive?: boolean;
}

/** §5 digit masks: phone, ssn, ein, tin, crd, zip. */
export function MaskedInput({ mask, value, onChange, sensitive = SENSITIVE.has(mask), ...props }: MaskedInputProps) {
  const [revealed, setRevealed] = useState(false);
  const pattern = MASKS[mask];
  const hidden = sensitive && !revealed;
  return (
    <MaskedTextField
      {...props}
      text={applyMask(pattern, value ?? '')}
      onText={(text) => onChange?.(text)}
      format={(raw) => applyMask(pattern, raw)}
      significant={DIGIT}
      inputMode="numeric"
      type={hidden ? 'password' : 'text'}
      endAdornment={
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
        )
      }
    />
  );
}

interface NumberMaskInputProps extends MaskedFieldProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/**
 * Keeps the typed text ('12.' or '$1,0') while the form holds the number, and takes a new text
 * only when the number changes from outside (a reset, loaded data).
 */
function useNumberText(value: number | null | undefined, format: (raw: string) => string, parse: (text: string) => number | null) {
  const expected = typeof value === 'number' && Number.isFinite(value) ? format(String(value)) : '';
  const [text, setText] = useState(expected);
  if (parse(text) !== parse(expected)) {
    setText(expected);
    return [expected, setText] as const;
  }
  return [text, setText] as const;
}

function NumberMaskInput({
  value,
  onChange,
  format,
  parse,
  ...props
}: NumberMaskInputProps & { format: (raw: string) => string; parse: (text: string) => number | null }) {
  const [text, setText] = useNumberText(value, format, parse);
  return (
    <MaskedTextField
      {...props}
      text={text}
      onText={(next) => {
        setText(next);
        onChange?.(parse(next));
      }}
      format={format}
      significant={NUMBER_CHAR}
      inputMode="decimal"
    />
  );
}

/** §5 currency: '$' prefix, thousands separators, up to 2 decimals. */
export function CurrencyInput(props: NumberMaskInputProps) {
  return <NumberMaskInput {...props} format={maskCurrencyInput} parse={parseCurrencyInput} />;
}

/** §5 percent: '%' suffix, capped at max (100 by default). */
export function PercentInput({ max = 100, ...props }: NumberMaskInputProps & { max?: number }) {
  return <NumberMaskInput {...props} format={(raw) => maskPercentInput(raw, max)} parse={(text) => parsePercentInput(text, max)} />;
}
