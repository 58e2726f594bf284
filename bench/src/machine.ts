/** The facts of the machine and the code a bench run measured, for results/latest.json. */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { arch, availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const REPO_ROOT = new URL('../../', import.meta.url);

export interface Machine {
  cpuModel: string;
  cores: number;
  totalMemoryBytes: number;
  os: string;
  node: string;
  git: { commit: string | null; branch: string | null; dirty: boolean | null };
  database: { engine: 'pglite' | 'postgres'; serverVersion: string | null };
}

async function git(...args: string[]): Promise<string | null> {
  try {
    return (await run('git', args, { cwd: REPO_ROOT })).stdout.trim();
  } catch {
    return null;
  }
}

/** The distribution's name when /etc/os-release has one, then the kernel. */
async function osName(): Promise<string> {
  const kernel = `${type()} ${release()} ${arch()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(await readFile('/etc/os-release', 'utf8'))?.[1];
    return pretty ? `${pretty}, ${kernel}` : kernel;
  } catch {
    return kernel;
  }
}

/** PostgreSQL's `server_version` at BENCH_DATABASE_URL; null when it cannot be asked. */
async function postgresVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function machineFacts(): Promise<Machine> {
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
  const [commit, branch, status, os, serverVersion] = await Promise.all([
    git('rev-parse', 'HEAD'),
    git('rev-parse', '--abbrev-ref', 'HEAD'),
    git('status', '--porcelain'),
    osName(),
    databaseUrl ? postgresVersion(databaseUrl) : Promise.resolve(null),
  ]);
  return {
    cpuModel: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    totalMemoryBytes: totalmem(),
    os,
    node: process.version,
    git: { commit, branch, dirty: status === null ? null : status.length > 0 },
    database: { engine: databaseUrl ? 'postgres' : 'pglite', serverVersion },
  };
}

export const loadAverage = () => loadavg().map((n) => Number(n.toFixed(2)));
