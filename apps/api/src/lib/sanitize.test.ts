import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

/** The browser journey's corpus (e2e/specs/rich-text-xss.spec.ts): the same vectors, checked here in milliseconds. */
const CORPUS = JSON.parse(readFileSync(new URL('../../../../e2e/fixtures/xss-vectors.json', import.meta.url), 'utf8')) as string[];

/** What sanitize-html may leave: these tags, with these attributes (what the editor produces; OPTIONS in sanitize.ts). */
const KEPT: Record<string, string[]> = {
  ...Object.fromEntries(['p', 'br', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'u', 's'].map((tag) => [tag, [] as string[]])),
  a: ['href', 'target', 'rel'],
};

/** Every tag and attribute of sanitised output (always double-quoted, well-formed), or where it breaks the rules. */
function breaches(html: string): string[] {
  const found: string[] = [];
  for (const [, name, rest] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const tag = name!.toLowerCase();
    if (!KEPT[tag]) found.push(`tag <${tag}>`);
    for (const [, attribute, value] of rest!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      if (!KEPT[tag]?.includes(attribute!)) found.push(`<${tag} ${attribute}>`);
      if (attribute === 'href' && !/^https?:\/\//.test(value ?? '')) found.push(`href ${value}`);
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

  it(`leaves only allowed tags, attributes and http(s) links of the ${CORPUS.length} corpus vectors, and is stable`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    const failures = CORPUS.flatMap((vector) => {
      const out = sanitizeRichText(vector) ?? '';
      const found = breaches(out);
      // Sanitising again changes nothing: the output parses the way it was written (no mutation on re-parse).
      if ((sanitizeRichText(out) ?? '') !== out) found.push('not stable when sanitised again');
      return found.length ? [`${vector} -> ${out}: ${found.join(', ')}`] : [];
    });
    expect(failures).toEqual([]);
    expect(sanitizeRichText(CORPUS.at(-1)!)).toContain(
      '<a href="https://example.com/safe" target="_blank" rel="noopener noreferrer nofollow">safe link</a>',
    );
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

  /** What the editor (Tiptap, apps/web/src/components/rich-text-editor-field.tsx) produces for every block it offers. */
  const EDITOR_OUTPUT =
    '<h2>The plan</h2><p>Build 180 homes</p><h3>Phasing</h3><p>Phase one<br>Phase two</p>' +
    '<ul><li><p>94% occupied</p></li></ul><ol><li><p>Close</p></li><li><p>Renovate</p></li></ol>' +
    '<p><strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s> ' +
    '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/plan?a=1&amp;b=2">the plan</a></p>';

  it('keeps every block the editor produces, and the result is stable', () => {
    const out = sanitizeRichText(EDITOR_OUTPUT);
    expect(out).toBe(
      EDITOR_OUTPUT.replace('<br>', '<br />').replace(
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/plan?a=1&amp;b=2">',
        '<a href="https://example.com/plan?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">',
      ),
    );
    expect(sanitizeRichText(out)).toBe(out);
    expect(breaches(out ?? '')).toEqual([]);
  });

  it('keeps nothing the editor cannot produce: other tags are renamed to their editor twin or unwrapped to text', () => {
    expect(sanitizeRichText('<h1>Title</h1><h4>a</h4><h6>b</h6><p><b>bold</b> <i>it</i> <strike>x</strike> <del>y</del></p>')).toBe(
      '<h2>Title</h2><h3>a</h3><h3>b</h3><p><strong>bold</strong> <em>it</em> <s>x</s> <s>y</s></p>',
    );
    expect(
      sanitizeRichText(
        '<blockquote>q</blockquote><pre><code>c</code></pre><hr><table><tr><td>cell</td></tr></table><p><span class="x">s</span><sub>2</sub><img src="https://example.com/a.png"></p>',
      ),
    ).toBe('qccell<p>s2</p>');
  });

  it('keeps only absolute http(s) links, always opening in a new tab, with no title', () => {
    expect(sanitizeRichText('<p><a href="mailto:ir@example.com" title="Mail us">mail</a></p>')).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
    );
    expect(sanitizeRichText('<p><a href="http://example.com" target="_top" rel="opener">x</a></p>')).toBe(
      '<p><a href="http://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
  });

  it('turns empty editor output into null', () => {
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('<p></p><p><br></p>')).toBeNull();
    expect(sanitizeRichText('   ')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});
