// Browser journeys: makes sure Chromium and the built app are there, then runs the specs with Vitest.
import { spawnSync } from 'node:child_process';
import { ensurePrerequisites } from './prerequisites.mjs';

ensurePrerequisites();
const r = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', cwd: new URL('.', import.meta.url).pathname });
process.exit(r.status ?? 1);
