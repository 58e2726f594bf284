// The worker pool's entry: the API is TypeScript, so tsx is registered first (as `npm start` does for the main thread);
// Node 20 does not apply `--import tsx` from a worker's execArgv to its entry.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
