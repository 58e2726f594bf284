// What the browser journeys need before they start: Debian's Chromium headless shell (package chromium-headless-shell,
// installed with apt-get where possible; CHROMIUM_PATH for another build) and the
// built web app, which the journeys' server serves.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensurePrerequisites() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(chromium)) {
    const isRoot = process.getuid?.() === 0;
    const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
    if (isRoot && hasApt) {
      console.log("Chromium's headless shell is missing: installing it with apt-get (Debian package chromium-headless-shell)…");
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
    } else {
      console.error(
        `Chromium not found at ${chromium}, and apt-get is not usable here. Install Debian's chromium-headless-shell or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
    console.error('The web app is not built: run `npm run build` first (npm test does).');
    process.exit(1);
  }
}
