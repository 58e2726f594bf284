/** Runs one section as its own npm script (`npm run bench:<name> [-- --quick] [-- --strict]`), as run.ts would. */
import { pathToFileURL } from 'node:url';
import type { Section } from './section.ts';
import { stopSharedServers } from './server-process.ts';

/** True when `moduleUrl` is the script node was started with, not a module imported by run.ts. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}

async function runAndReport(section: Section): Promise<void> {
  const strict = process.argv.includes('--strict');
  const quick = process.argv.includes('--quick');
  try {
    const { pass } = await section.run({ quick });
    if (strict && !pass) process.exitCode = 1;
  } catch (error) {
    process.stderr.write(`${section.name} bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await stopSharedServers();
  }
}

export function runStandalone(section: Section): void {
  void runAndReport(section);
}
