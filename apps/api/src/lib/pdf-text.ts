import type { PDFFont } from 'pdf-lib';

const LATIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', ß: 'ss' };

/**
 * The standard PDF fonts cover Windows-1252 only: accents are kept where it has them, other letters lose their marks
 * (NFKD), and what is left outside it becomes '?', so no name can fail the document.
 */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text]
    .map((ch) => {
      if (known.has(ch.codePointAt(0)!)) return ch;
      const bare = LATIN[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...bare].every((c) => known.has(c.codePointAt(0)!)) && bare ? bare : '?';
    })
    .join('');
}
