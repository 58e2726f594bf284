import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

// The advisor's answers are markdown (001 §3: links to marketplace pages). This renders the small part of it a chat
// answer uses: paragraphs, headings, lists, tables, code, bold, italics and links, as React elements only (no raw
// HTML is ever inserted). A link to a path of this app is followed in the app; any other address is shown as its text,
// so a model or an offer's description cannot send the user elsewhere.

/** An in-app path: '/x', not '//host' (another site) nor 'javascript:'. */
export function isInternalPath(href: string): boolean {
  return /^\/(?!\/)/.test(href) && !/[\s\\]/.test(href);
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\[[^\]]+\]\([^)\s]*\))|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)/;

function inline(text: string, key = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const [token] = m;
    const k = `${key}-${n++}`;
    if (m[1]) out.push(<code key={k}>{token.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(token.slice(2, -2), k)}</strong>);
    else if (m[3]) {
      const split = token.indexOf('](');
      const label = token.slice(1, split);
      const href = token.slice(split + 2, -1);
      out.push(
        isInternalPath(href) ? (
          <Link key={k} component={RouterLink} to={href}>
            {inline(label, k)}
          </Link>
        ) : (
          <span key={k}>{inline(label, k)}</span>
        ),
      );
    } else out.push(<em key={k}>{inline(token.slice(1, -1), k)}</em>);
    rest = rest.slice(m.index + token.length);
  }
  return out;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const isTableRule = (line: string | undefined) => line !== undefined && /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);
const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;

function blocks(markdown: string): ReactNode[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    if (!line.trim()) {
      i++;
    } else if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i++;
      out.push(
        <Box key={key} component="pre" sx={{ overflowX: 'auto', p: 1, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.85em' }}>
          {code.join('\n')}
        </Box>,
      );
    } else if (/^#{1,6}\s/.test(line)) {
      out.push(
        <Typography key={key} variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
          {inline(line.replace(/^#+\s*/, ''), key)}
        </Typography>,
      );
      i++;
    } else if (line.includes('|') && isTableRule(lines[i + 1])) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim()) rows.push(cells(lines[i++]!));
      out.push(
        <Box key={key} sx={{ overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{
              borderCollapse: 'collapse',
              fontSize: '0.85em',
              overflowWrap: 'normal',
              '& th, & td': { border: 1, borderColor: 'divider', px: 0.75, py: 0.25, verticalAlign: 'top' },
              '& th': { whiteSpace: 'nowrap', textAlign: 'left' },
            }}
          >
            <thead>
              <tr>
                {head.map((cell, c) => (
                  <th key={c}>{inline(cell, `${key}h${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {head.map((_, c) => (
                    <td key={c}>{inline(row[c] ?? '', `${key}r${r}c${c}`)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>,
      );
    } else if (LIST_ITEM.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      while (i < lines.length && LIST_ITEM.test(lines[i]!)) items.push(LIST_ITEM.exec(lines[i++]!)![2]!);
      out.push(
        <Box key={key} component={ordered ? 'ol' : 'ul'} sx={{ my: 0, pl: 2.5 }}>
          {items.map((item, n) => (
            <li key={n}>{inline(item, `${key}l${n}`)}</li>
          ))}
        </Box>,
      );
    } else {
      const para: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() &&
        !LIST_ITEM.test(lines[i]!) &&
        !/^#{1,6}\s/.test(lines[i]!) &&
        !lines[i]!.startsWith('```') &&
        !(lines[i]!.includes('|') && isTableRule(lines[i + 1]))
      )
        para.push(lines[i++]!);
      out.push(
        <Typography key={key} variant="body2" component="p" sx={{ whiteSpace: 'pre-line' }}>
          {inline(para.join('\n'), key)}
        </Typography>,
      );
    }
  }
  return out;
}

/** An answer's markdown, safely (see above). */
export function AdvisorMarkdown({ markdown }: { markdown: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, overflowWrap: 'anywhere', '& code': { fontFamily: 'monospace', fontSize: '0.9em' } }}>
      {blocks(markdown)}
    </Box>
  );
}
