import { it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { bearer, signUp } from '../../test/factories.ts';
import { apiRoutes, sampleRequest } from './security.test-helpers.ts';
it('probe', async () => {
  const t = await buildTestApp();
  const owner = await signUp(t.app, 'acme', { role: 'owner' });
  for (const r of apiRoutes(t.app).filter((r) => r.method === 'POST' && /^\/api\/v1\/(tenant\/:t\/[a-z-]+|[a-z-]+)$/.test(r.url))) {
    const req = sampleRequest(r, { t: t.tenants.acme.id });
    const res = await t.app.inject({ ...req, headers: { ...req.headers, host: owner.host, ...bearer(owner.token) } });
    console.log(r.url, JSON.stringify(req.payload)?.slice(0, 200), '→', res.statusCode, res.body.slice(0, 200));
  }
  await t.close();
});
