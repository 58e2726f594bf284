import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

/** The browser journey's corpus (e2e/specs/rich-text-xss.spec.ts): the same vectors, checked here in milliseconds. */
const CORPUS = JSON.parse(readFileSync(new URL('../../../../e2e/fixtures/xss-vectors.json', import.meta.url), 'utf8')) as string[];

/** What sanitize-html may leave: these tags, with these attributes (mirrors OPTIONS in sanitize.ts). */
const KEPT: Record<string, string[]> = Object.fromEntries(
  [
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
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
  ]
    .map((tag) => [tag, [] as string[]])
    .concat([
      ['a', ['href', 'title', 'target', 'rel']],
      ['th', ['colspan', 'rowspan']],
      ['td', ['colspan', 'rowspan']],
    ]),
);

/** Every tag and attribute of sanitised output (always double-quoted, well-formed), or where it breaks the rules. */
function breaches(html: string): string[] {
  const found: string[] = [];
  for (const [, name, rest] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const tag = name!.toLowerCase();
    if (!KEPT[tag]) found.push(`tag <${tag}>`);
    for (const [, attribute, value] of rest!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      if (!KEPT[tag]?.includes(attribute!)) found.push(`<${tag} ${attribute}>`);
      if (attribute === 'href' && !/^(https?:\/\/|mailto:)/.test(value ?? '')) found.push(`href ${value}`);
    }
  }
  if (/<(?![a-zA-Z/])/.test(html)) found.push('a bare <');
  return found;
}

/** A corpus of XSS vectors (OWASP filter-evasion cheat sheet): none may leave markup that runs. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>alert(1)//<</script>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<template><script>alert(1)</script></template>',
];

describe('sanitizeRichText', () => {
  it.each(VECTORS)('leaves nothing executable of %s', (vector) => {
    const out = sanitizeRichText(vector) ?? '';
    expect(out).not.toMatch(/<\s*(script|iframe|object|embed|form|style|meta|base|svg|math|img|body|details|template|noscript)/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:text/i);
    expect(out).not.toMatch(/href="\/\//);
  });

  it(`leaves only allowed tags, attributes and http(s)/mailto links of the ${CORPUS.length} corpus vectors, and is stable`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    const failures = CORPUS.flatMap((vector) => {
      const out = sanitizeRichText(vector) ?? '';
      const found = breaches(out);
      // Sanitising again changes nothing: the output parses the way it was written (no mutation on re-parse).
      if ((sanitizeRichText(out) ?? '') !== out) found.push('not stable when sanitised again');
      return found.length ? [`${vector} -> ${out}: ${found.join(', ')}`] : [];
    });
    expect(failures).toEqual([]);
    expect(sanitizeRichText(CORPUS.at(-1)!)).toContain('<a href="https://example.com/safe" rel="nofollow">safe link</a>');
  });

  it('keeps formatting, lists and safe links', () => {
    expect(
      sanitizeRichText(
        '<h2>Plan</h2><p><strong>Bold</strong> <a href="https://example.com" target="_blank">link</a></p><ul><li>a</li></ul>',
      ),
    ).toBe(
      '<h2>Plan</h2><p><strong>Bold</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a></p><ul><li>a</li></ul>',
    );
  });

  it('turns empty editor output into null', () => {
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('   ')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});
