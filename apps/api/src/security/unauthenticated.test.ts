import { errorEnvelope } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { apiRoutes, changedTables, fingerprint, routeName, sampleRequest, WALK_TIMEOUT_MS } from './security.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('every non-public route, called with no credentials', () => {
  it(
    'answers 401 with the error envelope and writes nothing',
    async () => {
      const routes = apiRoutes(t.app).filter((r) => r.access !== 'public');
      expect(routes.length).toBeGreaterThan(150);
      const failures: string[] = [];
      for (const route of routes) {
        const before = await fingerprint(t.app);
        for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
          const request = sampleRequest(route);
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers, host: hostOf('acme') } });
          const envelope = errorEnvelope.safeParse(res.json());
          if (res.statusCode !== 401 || !envelope.success || envelope.data.error.status !== 401) {
            failures.push(`${routeName(route)} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
        const changed = changedTables(before, await fingerprint(t.app));
        if (changed.length) failures.push(`${routeName(route)} wrote to ${changed.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
