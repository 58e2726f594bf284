import type { ThemeMode } from './enums.ts';
import type { Branding } from './tenant.ts';

/**
 * The colour and type maths of a tenant's theme, shared by the web app's MUI theme
 * apps/web/src/lib/theme/build-theme.ts) and the server's first paint (apps/api web-shell), so both draw the same
 * colours. The colour functions are MUI's own (@mui/system colorManipulator) for the #rrggbb values branding holds.
 */

function channels(hex: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return [r, g, b];
}

/** MUI's `lighten`: each channel moved `amount` of the way to white, as `rgb(r, g, b)`. */
export function lighten(hex: string, amount: number): string {
  return `rgb(${channels(hex)
    .map((c) => Math.trunc(c + (255 - c) * amount))
    .join(', ')})`;
}

/** MUI's `alpha`: the colour at `opacity`, as `rgba(r, g, b, a)`. */
export function alpha(hex: string, opacity: number): string {
  return `rgba(${channels(hex).join(', ')}, ${opacity})`;
}

/** MUI's getLuminance, truncated to 3 digits as there. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return Number((0.2126 * r + 0.7152 * g + 0.0722 * b).toFixed(3));
}

/** MUI's getContrastText at its default threshold of 3: white unless white text would be too faint. */
export function contrastText(hex: string): string {
  const ratio = (1 + 0.05) / (luminance(hex) + 0.05);
  return ratio >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/** The surface colour (MUI's background.paper): white in light mode, the background lightened 6 % in dark mode. */
export function brandPaper(background: string, mode: ThemeMode): string {
  return mode === 'dark' ? lighten(background, 0.06) : '#ffffff';
}

/**
 * The font stack of a branding's family: the family, then Roboto (which the app bundles) and the system's. `robotoCopy`
 * is another name for Roboto's own faces, tried just before it (the server's first screen draws with such a copy).
 */
export function brandFontStack(family: string, robotoCopy?: string): string {
  const families = [
    family === 'Roboto' ? null : `"${family}"`,
    robotoCopy ? `"${robotoCopy}"` : null,
    '"Roboto"',
    '"Helvetica Neue"',
    'Arial',
    'sans-serif',
  ];
  return families.filter(Boolean).join(', ');
}

/** How high the top bar draws the tenant's logo, in px. */
export const BRAND_LOGO_HEIGHT = 32;

/** The product wordmark's text size for a wordmark `height` px high. */
export const wordmarkFontSize = (height: number) => height * 0.72;

/**
 * The top bar's logo parts for a logo `height` px high: a tenant's monogram and name, and the product's wordmark
 * (without a tenant), slightly smaller. The app's BrandLogo and the server's first paint size them from here.
 */
export function brandLogoSizes(height = BRAND_LOGO_HEIGHT) {
  const wordmark = height * 0.875;
  return { monogramFont: height * 0.42, nameFont: height * 0.6, wordmark, wordmarkFont: wordmarkFontSize(wordmark) };
}

/** The logo made for the mode, else the other mode's. */
export function pickBrandLogo(images: Branding['images'], mode: ThemeMode): Branding['images'][number] | undefined {
  const order = mode === 'dark' ? ['logo-dark', 'logo-light'] : ['logo-light', 'logo-dark'];
  return order.map((type) => images.find((image) => image.type === type)).find(Boolean);
}
