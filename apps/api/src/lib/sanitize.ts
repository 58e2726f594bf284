import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from editors (offer and institution descriptions) is stored only after this pass: a fixed list
 * of formatting tags and attributes, links limited to http(s) and mailto, no scripts, styles, event
 * handlers, iframes or data URLs. sanitize-html parses with htmlparser2, so malformed markup cannot
 * smuggle a tag past it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup',
    'ul', 'ol', 'li', 'a', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that open a new tab cannot reach back into the page that opened them.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer nofollow' } : { ...attribs, rel: 'nofollow' },
    }),
  },
};

/** Safe HTML for storage, or null when nothing but whitespace is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}
