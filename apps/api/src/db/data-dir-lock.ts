import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite has no lock of its own (its postmaster.pid is a fixed placeholder), and two processes opening one data
 * directory would corrupt it: a second server, or a backup taken while the server runs. The directory's owner is
 * written next to it; a lock left by a process that is gone (kill -9, a power cut) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  } catch {
    // No lock yet.
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${holder} (a Tessera server, or a backup or restore). Stop it first.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
