import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';

/** The tags and attributes the server keeps when it stores rich text (apps/api/src/lib/sanitize.ts): what the editor produces. */
const ALLOWED_TAGS = new Set(['P', 'BR', 'H2', 'H3', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'U', 'S', 'A']);
/** Tags with the editor's meaning under another name, renamed as the server does. */
const RENAMED: Record<string, string> = { B: 'strong', I: 'em', STRIKE: 's', DEL: 's', H1: 'h2', H4: 'h3', H5: 'h3', H6: 'h3' };
/** Whole subtrees that never render as text. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'TEXTAREA', 'OPTION']);

function clean(node: Element) {
  for (let child of [...node.children]) {
    if (DROPPED_TAGS.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    const renamed = RENAMED[child.tagName];
    if (renamed) {
      const replacement = child.ownerDocument.createElement(renamed);
      replacement.append(...child.childNodes);
      child.replaceWith(replacement);
      child = replacement;
    }
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const { name } of [...child.attributes]) if (child.tagName !== 'A' || name !== 'href') child.removeAttribute(name);
    if (child.tagName === 'A') {
      const href = child.getAttribute('href') ?? '';
      if (!/^https?:\/\/[^\\/\s]/i.test(href.trim())) child.removeAttribute('href');
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

/** How headings and list items look, the same in the editor and on the page (rich-text-editor-field.tsx). */
export const RICH_TEXT_BLOCKS = {
  '& h2': { typography: 'h6', mt: 2.5, mb: 1 },
  '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 0.5 },
  '& li > p': { my: 0.25 },
} as const;

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
          ...RICH_TEXT_BLOCKS,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      // Sanitised just above against the server's allowlist.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
