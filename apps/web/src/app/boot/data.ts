// The third part (see runtime.ts): the API client and TanStack Query's client, seeded with the tenant the API wrote
// into the page, so the first render already has its branding without waiting on the API.
// After the previous part: imports are evaluated in order.
import './libraries.ts';
import { seedTenantBootstrap } from '../../lib/tenant/tenant-bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

seedTenantBootstrap(queryClient);

await yieldToBrowser();
