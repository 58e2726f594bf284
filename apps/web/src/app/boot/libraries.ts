// The second part (see runtime.ts): zod, and the tenant's schemas, which the bootstrap in the page is checked with.
// After the previous part: imports are evaluated in order.
import './runtime.ts';
import { tenantBootstrap } from '@tessera/domain';
import { z } from 'zod';
import { yieldToBrowser } from './yield-to-browser.ts';

// The CSP allows no eval, so zod cannot compile its fast object parsers; without this it finds out by trying
// `new Function` on the first parse, which the browser reports as a CSP violation on every page load.
z.config({ jitless: true });

await yieldToBrowser(tenantBootstrap);
