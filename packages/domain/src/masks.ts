/** §5 input masks. A '0' in a pattern takes one digit; other characters are literals. */
export const MASKS = {
  phone: '(000) 000-0000',
  ssn: '000-00-0000',
  ein: '00-0000000',
  tin: '000-00-0000',
  crd: '0000000000',
  zip: '00000',
} as const;
export type MaskName = keyof typeof MASKS;

/** Applies a digit pattern to whatever digits the input holds, dropping the rest. */
export function applyMask(pattern: string, input: string): string {
  const digits = input.replace(/\D/g, '');
  let out = '';
  let d = 0;
  for (const ch of pattern) {
    if (d >= digits.length) break;
    if (ch === '0') out += digits[d++];
    else out += ch;
  }
  return out;
}

export function unmask(input: string): string {
  return input.replace(/\D/g, '');
}

export function isMaskComplete(pattern: string, input: string): boolean {
  return unmask(input).length === (pattern.match(/0/g) ?? []).length;
}

/** Currency input: '$' prefix, thousands separators, up to 2 decimals. */
export function maskCurrencyInput(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  if (cleaned === '') return '';
  const [whole = '', ...rest] = cleaned.split('.');
  const fraction = rest.join('').slice(0, 2);
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}${cleaned.includes('.') ? `.${fraction}` : ''}`;
}
/** The number a currency input holds; null when it holds no digits. */
export function parseCurrencyInput(input: string): number | null {
  const cleaned = input.replace(/[^\d.]/g, '');
  const n = Number(cleaned);
  return !/\d/.test(cleaned) || Number.isNaN(n) ? null : n;
}

/** Percent input: digits with up to 2 decimals, capped at max (100 by default), '%' suffix. */
export function maskPercentInput(input: string, max = 100): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  if (cleaned === '') return '';
  const [whole = '', ...rest] = cleaned.split('.');
  const fraction = rest.join('').slice(0, 2);
  let text = `${whole.replace(/^0+(?=\d)/, '') || '0'}${cleaned.includes('.') ? `.${fraction}` : ''}`;
  if (Number(text) > max) text = String(max);
  return `${text}%`;
}
/** The number a percent input holds, capped at max like the mask; null when it holds no digits. */
export function parsePercentInput(input: string, max = 100): number | null {
  const cleaned = input.replace(/[^\d.]/g, '');
  const n = Number(cleaned);
  return !/\d/.test(cleaned) || Number.isNaN(n) ? null : Math.min(n, max);
}
