import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';

/** The holder refreshes the lock this often; a lock not refreshed for STALE_MS is abandoned, whatever its pid. */
const REFRESH_MS = 10_000;
const STALE_MS = 60_000;

/**
 * PGlite has no lock of its own (its postmaster.pid is a fixed placeholder), and two processes opening one data
 * directory would corrupt it: a second server, or a backup taken while the server runs. The owner's pid is written
 * next to the directory and refreshed while it runs. A lock is taken over when its process is gone (kill -9, a power
 * cut), is not a Node process (a pid reused after a container restart), or has not been refreshed for a minute.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const holder = readHolder(lockFile);
  if (holder && holder !== process.pid && holdsLock(holder) && Date.now() - statSync(lockFile).mtimeMs < STALE_MS) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder} (a Tessera server, or a backup or restore). Stop it first.`,
    );
  }
  writeFileSync(lockFile, String(process.pid));
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockFile, now, now);
    } catch {
      // Removed under us: nothing to refresh.
    }
  }, REFRESH_MS);
  refresh.unref();
  return () => {
    clearInterval(refresh);
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

function readHolder(lockFile: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(lockFile, 'utf8'), 10) || undefined;
  } catch {
    return undefined;
  }
}

function holdsLock(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS, Windows): the pid check alone
  }
}
