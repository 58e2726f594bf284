import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

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

  it('keeps formatting, lists and safe links', () => {
    expect(sanitizeRichText('<h2>Plan</h2><p><strong>Bold</strong> <a href="https://example.com" target="_blank">link</a></p><ul><li>a</li></ul>')).toBe(
      '<h2>Plan</h2><p><strong>Bold</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a></p><ul><li>a</li></ul>',
    );
  });

  it('turns empty editor output into null', () => {
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('   ')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});
