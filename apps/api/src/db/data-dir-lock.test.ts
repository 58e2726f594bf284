import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'tessera-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('writes its pid next to the directory and removes it on release', () => {
    const dir = join(root, 'a');
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a directory locked by another running Node process', () => {
    const dir = join(root, 'b');
    writeFileSync(`${dir}.lock`, String(process.ppid)); // vitest's main process: alive, and Node
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.ppid}`);
  });

  it('takes over a lock whose process is gone, or that was not refreshed for a minute', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dir = join(root, 'c');
    writeFileSync(`${dir}.lock`, String(dead));
    lockDataDir(dir)();

    writeFileSync(`${dir}.lock`, String(process.ppid));
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${dir}.lock`, old, old);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
