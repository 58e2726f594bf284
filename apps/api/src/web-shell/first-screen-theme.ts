import { alpha, brandFontStack, brandPaper, contrastText, DEFAULT_BRANDING, imageSrcSet, type TenantBootstrap } from '@tessera/domain';
import { escapeHtml } from '../lib/html.ts';

/**
 * The palette and shape of the tenant's branding in its default mode, as apps/web build-theme.ts makes MUI's theme
 * of it; text, divider and action colours are MUI's defaults for the mode.
 */
export interface ScreenTheme {
  /** The font stack, with the first screen's own Roboto faces (`firstScreenFonts`) in the place of Roboto. */
  font: string;
  /** Those faces' @font-face rules. */
  faces: string;
  radius: number;
  primary: string;
  onPrimary: string;
  info: string;
  onInfo: string;
  paper: string;
  text: string;
  textSecondary: string;
  textDisabled: string;
  divider: string;
  actionActive: string;
  actionHover: string;
  actionSelected: string;
  actionDisabled: string;
  /** MUI's Skeleton: the text colour at 11 % (13 % in dark mode). */
  skeleton: string;
}

/** Markup painted under the top bar before the app runs, and the CSS it needs (scoped to its own classes). */
export interface FirstScreen {
  style: string;
  body: string;
}

/** The family name of the first screen's copy of the page's Roboto faces. */
const FACE = 'Roboto first screen';

/**
 * The Roboto faces the first screen is drawn in: the page's own (index.html's inline stylesheet) in the weights it
 * uses, under their own family name and with `font-display: block` instead of `swap`, and their files, which the page
 * preloads (static-web.ts). The first screen's text is drawn once, in Roboto, when the files (about 60 KB) have
 * arrived, instead of in a fallback face that Roboto then replaces: drawn in the fallback it measured smaller than
 * the app's same text in Roboto, so the app's paint became the page's Largest Contentful Paint, and it moved when
 * Roboto came. The top bar keeps `swap` and paints at once. Same files: the browser fetches each once.
 */
export function firstScreenFonts(html: string): { faces: string; files: string[] } {
  const roboto = [...html.matchAll(/@font-face\{[^}]*\}/g)]
    .map(([face]) => face)
    .filter((face) => /font-family:\s*["']?Roboto["']?\s*;/.test(face) && /font-weight:\s*(400|600|700)\b/.test(face));
  return {
    faces: roboto
      .map((face) => face.replace(/font-family:[^;]*;/, `font-family:"${FACE}";`).replace(/font-display:\s*\w+/, 'font-display:block'))
      .join(''),
    files: roboto.map((face) => /url\((\/[\w./-]+\.woff2)\)/.exec(face)?.[1]).filter((file): file is string => file !== undefined),
  };
}

export function screenTheme(bootstrap: TenantBootstrap, faces: string): ScreenTheme {
  const { theme } = bootstrap.tenant?.branding ?? DEFAULT_BRANDING;
  const colours = theme[theme.defaultMode];
  const dark = theme.defaultMode === 'dark';
  const ink = dark ? '255, 255, 255' : '0, 0, 0';
  return {
    // The app's stack: a tenant's own face comes first (the app loads it; here only if installed).
    font: brandFontStack(theme.fontFamily, faces ? FACE : undefined),
    faces,
    radius: theme.borderRadius,
    primary: colours.primary,
    onPrimary: contrastText(colours.primary),
    info: colours.info,
    onInfo: contrastText(colours.info),
    paper: brandPaper(colours.background, theme.defaultMode),
    text: dark ? '#fff' : `rgba(${ink}, 0.87)`,
    textSecondary: `rgba(${ink}, ${dark ? 0.7 : 0.6})`,
    textDisabled: `rgba(${ink}, ${dark ? 0.5 : 0.38})`,
    divider: `rgba(${ink}, 0.12)`,
    actionActive: dark ? '#fff' : `rgba(${ink}, 0.54)`,
    actionHover: `rgba(${ink}, ${dark ? 0.08 : 0.04})`,
    actionSelected: `rgba(${ink}, ${dark ? 0.16 : 0.08})`,
    actionDisabled: `rgba(${ink}, ${dark ? 0.3 : 0.26})`,
    skeleton: `rgba(${ink}, ${dark ? 0.13 : 0.11})`,
  };
}

/**
 * The MUI pieces both first screens are made of, at MUI's default sizes with build-theme.ts's overrides (headings and
 * buttons weight 600, buttons without text transform, the branding's radius): typography variants, the outlined
 * Card, CardContent's padding, Button's three variants, the small Chip and IconButton. Scoped under `.fs`.
 */
export function baseStyle(t: ScreenTheme): string {
  return [
    t.faces,
    `.fs{font-family:${t.font}}`,
    // CssBaseline: every box is border-box.
    '.fs,.fs *,.fs *::before,.fs *::after{box-sizing:border-box}',
    '.fs h1,.fs h2,.fs h3,.fs p,.fs dl,.fs dd{margin:0}',
    '.fs-h4{font-weight:600;font-size:2.125rem;line-height:1.235}',
    '.fs-h5{font-weight:600;font-size:1.5rem;line-height:1.334}',
    '.fs-h6{font-weight:600;font-size:1.25rem;line-height:1.6}',
    '.fs-b1{font-weight:400;font-size:1rem;line-height:1.5}',
    '.fs-b2{font-weight:400;font-size:0.875rem;line-height:1.43}',
    '.fs-cap{font-weight:400;font-size:0.75rem;line-height:1.66}',
    `.fs-muted{color:${t.textSecondary}}`,
    '.fs-any{overflow-wrap:anywhere}',
    `.fs-card{background:${t.paper};color:${t.text};border:1px solid ${t.divider};border-radius:${t.radius}px;overflow:hidden}`,
    '.fs-card-in{padding:16px}',
    // A SectionCard's CardContent keeps MUI's 24 px bottom padding on phones (the :last-child rule outweighs its sx).
    '.fs-section{padding:16px 16px 24px}',
    '@media (min-width:600px){.fs-card-in,.fs-section{padding:24px}}',
    '.fs-stack{display:flex;flex-direction:column;gap:16px}',
    '.fs-section-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px}',
    `.fs-btn{display:inline-flex;align-items:center;justify-content:center;min-width:64px;padding:6px 8px;border-radius:${t.radius}px;font-size:0.875rem;font-weight:600;line-height:1.75;color:${t.primary};text-decoration:none;vertical-align:middle}`,
    `.fs-btn-c{padding:6px 16px;background:${t.primary};color:${t.onPrimary}}`,
    `.fs-btn-o{padding:5px 15px;border:1px solid ${alpha(t.primary, 0.5)}}`,
    `.fs-btn-off{color:${t.actionDisabled}}`,
    `.fs-chip{display:inline-flex;align-items:center;height:24px;max-width:100%;border-radius:16px;font-size:0.8125rem;line-height:1.5;white-space:nowrap;vertical-align:middle;background:${t.actionSelected};color:${t.text}}`,
    '.fs-chip>span{padding:0 8px;overflow:hidden;text-overflow:ellipsis}',
    `.fs-chip-info{background:${t.info};color:${t.onInfo}}`,
    `.fs-icon{display:inline-flex;align-items:center;justify-content:center;flex:0 0 auto;padding:8px;border-radius:50%;font-size:1.5rem;color:${t.actionActive}}`,
    '.fs-icon-s{padding:5px;font-size:1.125rem}',
    '.fs-icon svg{width:1em;height:1em;fill:currentColor;flex-shrink:0}',
    '.fs-icon-s svg{font-size:1.25rem}',
  ].join('');
}

/** An SVG icon from MUI's set, by its 24 × 24 path. */
export const svgIcon = (path: string) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;

/**
 * A link painted as MUI's Button, or, without `href`, a look-alike that does nothing: what needs the app (a call to
 * action, a disabled button) waits for it.
 */
export function button(
  label: string,
  options: { variant?: 'contained' | 'outlined' | 'text'; href?: string; disabled?: boolean; extraClass?: string; ariaLabel?: string },
): string {
  const { variant = 'text', href, disabled = false, extraClass, ariaLabel } = options;
  const classes = [
    'fs-btn',
    variant === 'contained' ? 'fs-btn-c' : variant === 'outlined' ? 'fs-btn-o' : null,
    disabled ? 'fs-btn-off' : null,
    extraClass ?? null,
  ];
  const attributes = `class="${classes.filter(Boolean).join(' ')}"${ariaLabel ? ` aria-label="${escapeHtml(ariaLabel)}"` : ''}`;
  return href && !disabled
    ? `<a ${attributes} href="${escapeHtml(href)}">${escapeHtml(label)}</a>`
    : `<span ${attributes}>${escapeHtml(label)}</span>`;
}

/**
 * The `srcset` and `sizes` attributes of an image of the API the app draws `sizes` wide (with a leading space), or ''
 * for another address: the first screen's <img> then picks the copy the app's will, and the page downloads it once.
 */
export function sizedImage(url: string, sizes: string): string {
  const srcset = imageSrcSet(url);
  return srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"` : '';
}

/**
 * The frame of a signed-in page's first screen (`.{name}`): hidden until MEMBER_SCRIPT adds `fs-on`, then a row the
 * height of the window (so the navigation's border runs down the page, as the app's row fills it), with the side
 * navigation's place (`.{name}-nav`, `navWidth` and its right border, from `md`) beside the page (`.{name}-main`).
 */
export function sideNavFrameStyle(name: string, navWidth: number, t: ScreenTheme): string {
  return [
    `.${name}{display:none}`,
    `.${name}.fs-on{display:flex;min-height:100vh}`,
    `.${name}-nav{display:none;flex-shrink:0;width:${navWidth + 1}px;border-right:1px solid ${t.divider}}`,
    `@media (min-width:900px){.${name}-nav{display:block}}`,
    `.${name}-main{flex:1;min-width:0}`,
  ].join('');
}
