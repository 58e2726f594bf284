import {
  BRAND_LOGO_HEIGHT,
  brandFontStack,
  brandLogoSizes,
  brandPaper,
  contrastText,
  DEFAULT_BRANDING,
  initials,
  pickBrandLogo,
  type TenantBootstrap,
} from '@tessera/domain';
import type { FirstScreen } from './first-screen-theme.ts';
import { escapeHtml } from '../lib/html.ts';

/**
 * What index.html shows before the web app has run: the top bar in the tenant's branding (its logo, or its icon or
 * monogram and name, or the product wordmark), on the page's background. React replaces it on its first render
 * (createRoot empties the container), so only its look has to agree with the app's top bar (app/layouts/top-bar.tsx,
 * apps/web/src/components/brand-logo.tsx, MUI's AppBar and Toolbar): the browser paints while the app downloads.
 * The member's own theme choice is not known here; the tenant's default mode is used.
 */
export function firstPaint(bootstrap: TenantBootstrap, screen: FirstScreen | null = null): { style: string; body: string } {
  const { tenant, tenantSlug } = bootstrap;
  const branding = tenant?.branding ?? DEFAULT_BRANDING;
  const { theme } = branding;
  const mode = theme.defaultMode;
  const colours = theme[mode];
  const dark = mode === 'dark';
  const paper = brandPaper(colours.background, mode);
  const text = dark ? '#fff' : 'rgba(0, 0, 0, 0.87)';
  const divider = dark ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.12)';
  const font = brandFontStack(theme.fontFamily);
  const logoHeight = BRAND_LOGO_HEIGHT;
  const sizes = brandLogoSizes(logoHeight);

  // Scoped to the shell: nothing here outlives it once React has rendered with the member's theme.
  const style = [
    'body{margin:0}',
    `.fp{min-height:100vh;min-height:100dvh;box-sizing:border-box;background:${colours.background};color:${text};font-family:${font};-webkit-font-smoothing:antialiased}`,
    `.fp-bar{position:sticky;top:0;display:flex;align-items:center;box-sizing:border-box;min-height:57px;padding:0 16px;background:${paper};border-bottom:1px solid ${divider}}`,
    '@media (orientation:landscape){.fp-bar{min-height:49px}}',
    '@media (min-width:600px){.fp-bar{min-height:65px;padding:0 24px}}',
    '.fp-logo{display:inline-flex;align-items:center;gap:8px;min-width:0}',
    `.fp-logo img{display:block;height:${logoHeight}px;max-width:140px;object-fit:contain}`,
    '@media (min-width:600px){.fp-logo img{max-width:200px}}',
    `.fp-mono{flex-shrink:0;width:${logoHeight}px;height:${logoHeight}px;display:grid;place-items:center;border-radius:${theme.borderRadius}px;background:${colours.primary};color:${contrastText(colours.primary)};font-weight:700;font-size:${sizes.monogramFont}px}`,
    `.fp-name{font-weight:700;font-size:${sizes.nameFont}px;line-height:1.5;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
    `.fp-word{font-weight:700;font-size:${sizes.wordmarkFont}px;letter-spacing:0.01em;line-height:1}`,
    '.fp-fonts{position:absolute;width:1px;height:1px;overflow:hidden;visibility:hidden;font-family:Roboto}',
  ].join('');

  let logo: string;
  if (!tenantSlug || !tenant) {
    const [primary, secondary] = [DEFAULT_BRANDING.theme[mode].primary, DEFAULT_BRANDING.theme[mode].secondary];
    logo =
      `<svg width="${sizes.wordmark}" height="${sizes.wordmark}" viewBox="0 0 32 32" aria-hidden="true">` +
      `<rect x="2" y="2" width="13" height="13" rx="3" fill="${primary}"/><rect x="17" y="2" width="13" height="13" rx="3" fill="${secondary}"/>` +
      `<rect x="2" y="17" width="13" height="13" rx="3" fill="${secondary}"/><rect x="17" y="17" width="13" height="13" rx="3" fill="${primary}" opacity="0.55"/>` +
      '</svg><span class="fp-word">Tessera</span>';
  } else {
    const image = pickBrandLogo(branding.images, mode);
    const icon = branding.images.find((i) => i.type === 'icon');
    const name = escapeHtml(tenant.name);
    if (image) logo = `<img src="${escapeHtml(image.url)}" alt="${name}">`;
    else {
      const mark = icon
        ? `<img src="${escapeHtml(icon.url)}" alt="" style="width:${logoHeight}px">`
        : `<span class="fp-mono" aria-hidden="true">${escapeHtml(initials(tenant.name))}</span>`;
      logo = `${mark}<span class="fp-name">${name}</span>`;
    }
  }
  return {
    style: `<style>${style}${screen?.style ?? ''}</style>`,
    body: `<div class="fp"><header class="fp-bar"><span class="fp-logo">${logo}</span></header>${screen?.body ?? ''}${FONT_WARMER}</div>`,
  };
}

/**
 * Hidden text in the Roboto faces the first screen renders with: body text (400), headings and buttons (600), the top
 * bar's name and the showcase's title (700). Laying it out starts their downloads with the page, as a
 * `<link rel="preload" as="font">` would, without any risk of holding the first paint (the bar waited for the preloaded
 * files in a measurement of session 11; Chromium 156 did not hold it in session 12's, and the marketplace's landing
 * pages, whose first screen needs the faces, preload them: static-web.ts). By the time the app renders its text (after its much larger
 * script) the faces are there, so text is not laid out again when they arrive. Invisible and out of the flow.
 */
export const FONT_WARMER =
  '<span class="fp-fonts" aria-hidden="true"><span style="font-weight:400">a</span><span style="font-weight:600">a</span><span style="font-weight:700">a</span></span>';
