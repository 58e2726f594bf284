import { afterAll } from 'vitest';
import { scanTrackedApps } from './pii-scan.ts';

// Registered first, so it runs after the file's own afterAll hooks (vitest runs after-hooks as a stack).
afterAll(async () => {
  const leaks = await scanTrackedApps();
  if (leaks.length > 0) throw new Error(`Classified PII leaked into logs, URLs or events (lib/pii.ts):\n${leaks.join('\n')}`);
});
