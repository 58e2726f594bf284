import { availableParallelism } from 'node:os';

// Password hashing runs on libuv's pool (4 threads by default). On a small machine four 19 MiB argon2 hashes at once
// starve the event loop, so lib/password.ts runs at most cores − 1 at a time, leaving the loop a core. The pool has one
// thread more than that: WebCrypto (the JWT signature and check of every signed-in request), zlib and async fs run on
// this pool too, and with cores − 1 threads they queued behind the sign-ins' hashes (#25: 2.4 ms → 115 ms for one JWT
// behind one hash). Must run before the pool's first use.
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(1, availableParallelism() - 1) + 1);
