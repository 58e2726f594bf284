/**
 * The areas with a side navigation of their own (tenant admin, platform admin, Raise mode), where the main navigation
 * steps aside. /tenant/list (switching tenants) is any member's page, not the owners' area.
 */
/** The main navigation's width beside the page (from 900 px up); the layout keeps it while the navigation loads. */
export const MAIN_NAV_WIDTH = 240;

const OWN_NAVIGATION = ['/tenant', '/admin', '/institution'];

/** Whether a signed-in user's page at `pathname` shows the main navigation. */
export function showsMainNav(pathname: string, authPaths: readonly string[]): boolean {
  if (authPaths.includes(pathname)) return false;
  if (pathname === '/tenant/list') return true;
  return !OWN_NAVIGATION.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}
