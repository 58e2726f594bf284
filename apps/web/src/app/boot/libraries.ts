// The second part (see runtime.ts): the schemas the first render checks with, the query client and MUI's theming.
import '@tessera/domain';
import '@tanstack/react-query';
import '@mui/material/styles';
import { z } from 'zod';
import './runtime.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

// The CSP allows no eval, so zod cannot compile its fast object parsers; without this it finds out by trying
// `new Function` on the first parse, which the browser reports as a CSP violation on every page load.
z.config({ jitless: true });

await yieldToBrowser();
