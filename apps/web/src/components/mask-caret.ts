interface MaskEdit {
  /** The input's text after the browser applied the keystroke. */
  raw: string;
  caret: number;
  /** The formatted text before the keystroke. */
  previous: string;
  deleteBackward: boolean;
}

/**
 * Re-formats an edited masked value and finds where the caret belongs: after the same number of
 * significant characters (digits, a decimal point) as before formatting, so literals never trap it.
 */
export function reformat(edit: MaskEdit, format: (raw: string) => string, significant: RegExp): { text: string; caret: number } {
  const isSignificant = (ch: string) => significant.test(ch);
  const keep = (s: string) => [...s].filter(isSignificant).join('');
  let { raw, caret } = edit;
  // Backspace over a literal ('-', ')', '%') would change nothing: delete the significant character before it instead.
  if (edit.deleteBackward && keep(raw) === keep(edit.previous)) {
    const before = [...raw.slice(0, caret)].findLastIndex(isSignificant);
    if (before >= 0) {
      raw = raw.slice(0, before) + raw.slice(before + 1);
      caret = before;
    }
  }
  const count = keep(raw.slice(0, caret)).length;
  const text = format(raw);
  return { text, caret: caretAfter(text, count, isSignificant) };
}

function caretAfter(text: string, count: number, isSignificant: (ch: string) => boolean): number {
  let seen = 0;
  let position = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (!isSignificant(ch)) continue;
    if (seen === count) return i;
    seen += 1;
    position = i + 1;
  }
  return position;
}
