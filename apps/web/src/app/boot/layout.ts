// The sixth part (see runtime.ts): the layout around every page, its MUI components and React Router.
// After the previous part: imports are evaluated in order.
import './theme.ts';
import { AppLayout } from '../layouts/app-layout.tsx';
import { yieldToBrowser } from './yield-to-browser.ts';

await yieldToBrowser(AppLayout);
