import { CurrencyInput, PercentInput, UnitNumberInput } from '../../../components/masked-input.tsx';

export type NumberUnit = '%' | '$' | 'months' | 'x';

/**
 * An offer number (002 §3) in its unit's format (000 §5): '$1,000,000', '12.5%', '1.8' x, '60' months. The draft keeps
 * the number as text ('' for none) so an empty field and a loaded one read the same way.
 */
export function NumberInput({
  label,
  value,
  onChange,
  unit,
  required = false,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: NumberUnit;
  required?: boolean;
  error?: string;
  helperText?: string;
}) {
  const common = {
    label,
    required,
    fullWidth: true,
    value: parseNumber(value),
    onChange: (next: number | null) => onChange(numberText(next)),
    error: Boolean(error),
    helperText: error ?? helperText,
  };
  if (unit === '$') return <CurrencyInput {...common} />;
  // Offer percents may be negative (a loss) and above 100 (002 §3's schema: -100 to 10,000).
  if (unit === '%') return <PercentInput {...common} min={-100} max={10_000} />;
  return <UnitNumberInput {...common} unit={unit} decimals={unit === 'months' ? 0 : 2} />;
}

/** The number a field holds: '' is none, thousands separators are ignored, anything else unreadable is NaN (the schema refuses it). */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  return Number(cleaned);
}
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
