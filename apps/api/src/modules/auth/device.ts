import Bowser from 'bowser';

/** The browser and system a User-Agent names, as the account page shows them: 'Chrome on macOS', else what is known. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name || null;
  const osName = os.name || null;
  if (browserName && osName) return `${browserName} on ${osName}`;
  return browserName ?? osName ?? 'Unknown device';
}
