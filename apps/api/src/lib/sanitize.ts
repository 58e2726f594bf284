import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from editors (offer and institution descriptions) is stored only after this pass: a fixed list
 * of formatting tags and attributes, links limited to absolute http(s) and mailto, no scripts, styles, event
 * handlers, iframes or data URLs. sanitize-html parses with htmlparser2, so malformed markup cannot
 * smuggle a tag past it.
 */
const ABSOLUTE_LINK = /^(https?:\/\/[^\\/\s]|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        // Only absolute links: a relative one ('/x', '\\evil.example', '/\\evil.example') has no scheme for
        // allowedSchemes to check, and browsers read a backslash as a slash, so it can lead off the site.
        ...(href !== undefined && ABSOLUTE_LINK.test(href) ? { href } : {}),
        ...attribs,
        // Links that open a new tab cannot reach back into the page that opened them.
        rel: attribs.target === '_blank' ? 'noopener noreferrer nofollow' : 'nofollow',
      },
    }),
  },
};

/** Safe HTML for storage, or null when nothing but whitespace is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}
