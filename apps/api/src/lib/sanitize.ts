import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the editor (offer and institution descriptions) is stored only after this pass. It keeps
 * exactly what the editor (apps/web/src/components/rich-text-editor-field.tsx) produces: paragraphs, line
 * breaks, two heading levels, bulleted and numbered lists, bold, italic, underline, strikethrough and absolute
 * http(s) links, which always open in a new tab. Markup the editor cannot produce but that means the same is
 * renamed (<b> to <strong>, <h1> to <h2>, <h4>–<h6> to <h3>...); anything else is unwrapped to its text, and
 * scripts, styles, event handlers, iframes and data URLs are dropped. sanitize-html parses with htmlparser2, so
 * malformed markup cannot smuggle a tag past it.
 */
const ABSOLUTE_LINK = /^https?:\/\/[^\\/\s]/i;

/** The tags the editor produces, and the attributes each may carry. */
export const RICH_TEXT_TAGS = ['p', 'br', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'u', 's', 'a'] as const;
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;
/** What every stored link carries: a new tab that cannot reach back into the page, and no ranking endorsement. */
export const RICH_TEXT_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** Tags with the editor's meaning under another name (older stored text, pasted HTML, API clients). */
const RENAMED: Record<string, string> = {
  b: 'strong',
  i: 'em',
  strike: 's',
  del: 's',
  h1: 'h2',
  h4: 'h3',
  h5: 'h3',
  h6: 'h3',
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whole subtrees that never render as text (sanitize-html's default list, plus what the web renderer drops).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    ...Object.fromEntries(Object.entries(RENAMED).map(([from, to]) => [from, () => ({ tagName: to, attribs: {} })])),
    a: (tagName, { href }) => ({
      tagName,
      attribs: {
        // Only absolute links: a relative one ('/x', '\\evil.example', '/\\evil.example') has no scheme for
        // allowedSchemes to check, and browsers read a backslash as a slash, so it can lead off the site.
        ...(href !== undefined && ABSOLUTE_LINK.test(href) ? { href } : {}),
        ...RICH_TEXT_LINK_TARGET,
      },
    }),
  },
};

/** Safe HTML for storage, or null when nothing but whitespace is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return /^(<p>(\s|<br \/>|<br>)*<\/p>)*$/.test(clean) ? null : clean;
}
