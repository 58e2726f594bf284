import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';

/** The tags and attributes the server keeps when it stores rich text (apps/api/src/lib/sanitize.ts). */
const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SUB',
  'SUP',
  'UL',
  'OL',
  'LI',
  'A',
  'SPAN',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { A: ['href', 'title'], TH: ['colspan', 'rowspan'], TD: ['colspan', 'rowspan'] };
/** Whole subtrees that never render as text. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);

function clean(node: Element) {
  for (const child of [...node.children]) {
    if (DROPPED_TAGS.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ALLOWED_ATTRIBUTES[child.tagName] ?? [];
    for (const { name } of [...child.attributes]) if (!allowed.includes(name)) child.removeAttribute(name);
    if (child.tagName === 'A') {
      const href = child.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:)/i.test(href.trim())) child.removeAttribute('href');
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/**
 * Rich text stored by the server (already sanitised there), checked once more against the same allowlist before
 * it is put in the page: a second lock for HTML shown to signed-out visitors. Links open in a new tab.
 */
function sanitizeRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

export function RichText({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <Box
      data-testid="rich-text"
      sx={[
        {
          typography: 'body1',
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& a': { color: 'primary.main' },
          '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      // Sanitised just above against the server's allowlist.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
