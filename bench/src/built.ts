/**
 * The bench's server processes run built JavaScript, as `npm start` does (apps/api/build.ts): servers.ts and
 * advisor-server.ts bundled with the API into bench/dist, beside the API's own server.js and thread modules. Built
 * when their sources changed since the last build (one process at a time), so a run measures what production runs:
 * the memory at rest without tsx's compiler and caches in every thread.
 */
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../apps/api/build.ts';

export const BENCH_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The path of a built file of bench/dist (`servers.js`, `advisor-server.js`, `server.js`), built first if stale. */
export async function builtFile(name: 'servers.js' | 'advisor-server.js' | 'server.js'): Promise<string> {
  await ensureBuilt({
    outdir: BENCH_DIST,
    entries: {
      servers: fileURLToPath(new URL('./servers.ts', import.meta.url)),
      'advisor-server': fileURLToPath(new URL('./advisor-server.ts', import.meta.url)),
    },
  });
  return `${BENCH_DIST}${name}`;
}
