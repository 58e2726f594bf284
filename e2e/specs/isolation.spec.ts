import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { demoReferences } from '../support/demo-guard.ts';

const e2eRoot = join(import.meta.dirname, '..');
const self = 'specs/isolation.spec.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('journeys are isolated from the demo data', () => {
  it('finds a demo account or a demo tenant in a source line', () => {
    const samples = [
      "await signInThroughUi(page, DEMO_OWNER, '/');",
      "const investor = { email: 'investor@demo.tessera.local', password: 'x' };",
      "await signInViaApi(email, 'demo-owner-2026');",
      "await page.goto(urlOf('/signin', 'northwind'));",
      "await fetch(urlOf('/api/v1/tenant/demo/public'));",
      'await page.goto(`http://demo.localhost:${port}/`);',
    ];
    for (const sample of samples) expect(demoReferences(sample), sample).toHaveLength(1);
    expect(demoReferences("const tenant = await createJourneyTenant();\nawait page.goto(tenant.url('/signin'));")).toEqual([]);
  });

  it('no spec or support file signs in as a demo account or reads a demo tenant', () => {
    const files = [...sourceFiles(join(e2eRoot, 'specs')), ...sourceFiles(join(e2eRoot, 'support'))].filter(
      (file) => !file.endsWith('demo-guard.ts') && relative(e2eRoot, file) !== self,
    );
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      demoReferences(readFileSync(file, 'utf8')).map((r) => `${relative(e2eRoot, file)}:${r.line} (${r.why}): ${r.text}`),
    );
    expect(found).toEqual([]);
  });

  it('the journeys’ server has no demo tenant to lean on', async () => {
    for (const slug of ['demo', 'northwind']) {
      const { status } = await callApi('GET', `/tenant/${slug}/public`);
      expect(status, slug).toBe(404);
    }
  });
});
