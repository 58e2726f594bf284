import { inflateSync } from 'node:zlib';

/**
 * Text of a PDF, good enough for search: reads every content stream (uncompressed or FlateDecode) and
 * collects the strings shown by the Tj, TJ, ' and " operators. Fonts with custom encodings, images and
 * other filters are skipped, so scanned or unusual PDFs give little or no text. CPU-bound (inflating and scanning
 * tens of megabytes): the API runs it in its worker pool (`lib/worker-pool.ts`), where the bytes arrive as a
 * Uint8Array.
 */
export function extractPdfText(bytes: Uint8Array): string {
  const pdf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: string[] = [];
  const budget = { left: MAX_INFLATED_BYTES };
  for (const content of contentStreams(pdf, budget)) {
    const text = textOfContent(content);
    if (text.trim()) chunks.push(text.trim());
  }
  return chunks
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Decompression-bomb guard: a few KB of deflate can expand to gigabytes. Each document may inflate at most this much
 * in all (each stream is inflated with what is left as its output limit, so no stream is ever held past it); at the
 * first stream that would go past it, extraction stops with the text read so far.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const OVER_BUDGET = Symbol('over budget');

function* contentStreams(pdf: Buffer, budget: { left: number }): Generator<string> {
  const source = pdf.toString('latin1');
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    // The 'stream' keyword must close a dictionary ('>>' before it), not sit inside 'endstream'.
    const before = source.slice(Math.max(0, match.index - 2048), match.index);
    if (!/>>\s*$/.test(before)) continue;
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = before.slice(Math.max(0, before.lastIndexOf('obj')));
    const raw = pdf.subarray(start, end);
    streamPattern.lastIndex = end + 'endstream'.length;
    if (/\/Subtype\s*\/Image|\/Type\s*\/XObject/.test(dictionary)) continue;
    const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1] ?? '';
    if (filters && filters.replace(/\/FlateDecode|[[\]\s]/g, '') !== '') continue;
    const data = filters.includes('FlateDecode') ? inflate(raw, budget.left) : raw;
    if (data === OVER_BUDGET) return;
    if (!data) continue;
    budget.left -= data.length;
    if (budget.left < 0) return;
    yield data.toString('latin1');
  }
}

function inflate(data: Buffer, maxOutputLength: number): Buffer | null | typeof OVER_BUDGET {
  if (maxOutputLength <= 0) return OVER_BUDGET;
  try {
    return inflateSync(data, { maxOutputLength });
  } catch (err) {
    // Over the budget: a bomb, or simply more text than is worth indexing.
    if (err instanceof RangeError) return OVER_BUDGET;
    // Some writers leave trailing bytes; finishFlush recovers what was decoded.
    try {
      return inflateSync(data, { finishFlush: 2, maxOutputLength });
    } catch {
      return null;
    }
  }
}

/** The shown strings of one content stream, with a space between pieces and a line break per text line. */
function textOfContent(content: string): string {
  let out = '';
  let operands: string[] = [];
  let i = 0;
  while (i < content.length) {
    const c = content[i]!;
    if (c === '(') {
      const [text, next] = readLiteral(content, i);
      operands.push(text);
      i = next;
    } else if (c === '<' && content[i + 1] !== '<') {
      const close = content.indexOf('>', i);
      if (close < 0) break;
      operands.push(decodeHex(content.slice(i + 1, close)));
      i = close + 1;
    } else if (c === '%') {
      while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i++;
    } else if (/[A-Za-z'"*]/.test(c)) {
      let j = i;
      while (j < content.length && /[A-Za-z'"*0-9]/.test(content[j]!)) j++;
      const op = content.slice(i, j);
      if (op === 'Tj' || op === 'TJ') out += operands.join('');
      else if (op === "'" || op === '"') out += '\n' + operands.join('');
      else if (op === 'T*' || op === 'ET' || op === 'Td' || op === 'TD' || op === 'Tm') out += '\n';
      operands = [];
      i = j;
    } else if (c === ']') {
      i++;
    } else if (c === '[') {
      operands = [];
      i++;
    } else if (/[-\d.]/.test(c) && operands.length > 0) {
      // A large negative kerning inside a TJ array is a word gap.
      let j = i;
      while (j < content.length && /[-\d.]/.test(content[j]!)) j++;
      if (Number(content.slice(i, j)) < -200) operands.push(' ');
      i = j;
    } else {
      i++;
    }
  }
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };

function readLiteral(content: string, start: number): [string, number] {
  let depth = 1;
  let text = '';
  let i = start + 1;
  while (i < content.length && depth > 0) {
    const c = content[i]!;
    if (c === '\\') {
      const next = content[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4))![0];
        text += String.fromCharCode(parseInt(octal, 8));
        i += 1 + octal.length;
        continue;
      }
      if (next === '\r' || next === '\n') {
        i += next === '\r' && content[i + 2] === '\n' ? 3 : 2;
        continue;
      }
      text += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) break;
    text += c;
    i++;
  }
  return [text, i + 1];
}

function decodeHex(hex: string): string {
  const digits = hex.replace(/[^0-9a-fA-F]/g, '');
  const bytes = Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
  // Two-byte strings starting with a BOM are UTF-16BE.
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}
