import { availableParallelism } from 'node:os';

// Password hashing runs on libuv's pool (4 threads by default). On a small machine four 19 MiB
// argon2 hashes at once starve the event loop; leave it a core. Must run before the pool's first use.
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(1, availableParallelism() - 1));
