// The fifth part (see runtime.ts): MUI's theming and emotion, through the provider of the tenant's theme.
// After the previous part: imports are evaluated in order.
import './session.ts';
import { TenantThemeProvider } from '../../components/tenant-theme-provider.tsx';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser(TenantThemeProvider);
