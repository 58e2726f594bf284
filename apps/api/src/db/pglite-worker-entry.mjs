// The embedded database's thread (pglite-worker.ts). The API is TypeScript, so tsx is registered first, as for the
// file worker pool (lib/worker-entry.mjs): Node 20 does not apply `--import tsx` from a worker's execArgv to its entry.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
