import { errorEnvelope } from '@tessera/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/route-table.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import {
  admittedCaller,
  callerHeaders,
  entityValues,
  isolationContext,
  keepSignedIn,
  type IsolationContext,
} from './isolation.registry.ts';
import {
  apiRoutes,
  changedTables,
  fingerprint,
  paramNames,
  routeName,
  sampleParams,
  sampleRequest,
  toJsonSchema,
  WALK_TIMEOUT_MS,
} from './security.test-helpers.ts';

/**
 * Both engines are PostgreSQL, so what a junk value does once it reaches a query is the same on each; what differs is
 * the driver that carries it. PGlite's run is the full one. PostgreSQL's sends a third as many mutations per route,
 * drawn with another seed: the driver still carries junk on every route, the two runs together cover more mutations
 * than one, and the file no longer holds a worker 77 s twice over.
 */
const ON_POSTGRES = testEngine() === 'postgres';
/** FUZZ_SEED=<n> replays a run; the seed is printed with every failure. */
const SEED = Number(process.env.FUZZ_SEED ?? (ON_POSTGRES ? 20_261_129 : 20_240_607));
/** Mutations per route: with the refused ones sent again where some were accepted, about 3,500 requests in all on PGlite. */
const PER_ROUTE = ON_POSTGRES ? 4 : 12;

/** mulberry32: a small seeded PRNG, so a failing request can be replayed from the seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HUGE = 'x'.repeat(100_000);
const nest = (depth: number, open: string, close: string, leaf = 'null') => open.repeat(depth) + leaf + close.repeat(depth);

/** Raw JSON texts to put where a field's value goes: wrong types, extremes, unicode, nesting, pollution keys. */
const JUNK_VALUES: [string, string][] = [
  ['a number', '1'],
  ['a string', '"x"'],
  ['a boolean', 'true'],
  ['an object', '{}'],
  ['an array', '[]'],
  ['null', 'null'],
  ['a 100 KB string', JSON.stringify(HUGE)],
  ['right-to-left override', JSON.stringify('\u202Eevil\u202C')],
  ['emoji', JSON.stringify('😀🏳️‍🌈'.repeat(20))],
  ['a NUL byte', '"a\\u0000b"'],
  // A query built by pasting text would break on it (ASVS 1.2.4): the answer must stay a 4xx or a 2xx, never a 5xx.
  ['SQL quotes', `"x' OR '1'='1"`],
  ['a lone high surrogate', '"x\\ud800y"'],
  ['a lone low surrogate', '"\\udc00"'],
  ['100 nested arrays', nest(100, '[', ']')],
  ['100 nested objects', nest(100, '{"a":', '}', '1')],
  ['an array of junk', '[null, 1, "x", {}, [], true, 1e308, "\\u0000"]'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['-0', '-0'],
  ['"NaN"', '"NaN"'],
  ['"Infinity"', '"Infinity"'],
  ['2^53 + 1', '9007199254740993'],
  ['a fraction', '0.5'],
  ['a negative', '-1'],
  ['__proto__ pollution', '{"__proto__": {"polluted": "yes"}}'],
  ['constructor.prototype pollution', '{"constructor": {"prototype": {"polluted": "yes"}}}'],
];

/** Query and path values, already URL-encoded: invalid UTF-8, NUL, extremes, pollution names. */
const JUNK_TEXTS: [string, string][] = [
  ['empty', ''],
  ['a word', 'abc'],
  ['a 100 KB string', HUGE],
  ['a NUL byte', 'a%00b'],
  ['SQL quotes', encodeURIComponent("x' OR '1'='1")],
  ['invalid UTF-8', '%FF%FE'],
  ['an encoded lone surrogate', '%ED%A0%80'],
  ['emoji', encodeURIComponent('😀'.repeat(10))],
  ['right-to-left override', encodeURIComponent('\u202Eevil')],
  ['1e308', '1e308'],
  ['-0', '-0'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-1', '-1'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['dot-dot', '..'],
  ['a JSON object', encodeURIComponent('{"$gt":""}')],
];

const MARK = '@@fuzz@@';
/** The body as JSON text with `key` set to a raw JSON value (a computed key, so `__proto__` stays an own key). */
const withRaw = (body: object, key: string, raw: string) => JSON.stringify({ ...body, [key]: MARK }).replace(`"${MARK}"`, raw);
const withoutKey = (body: object, key: string) => JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)));

interface Mutation {
  what: string;
  make(): InjectOptions;
}

/** Every mutation of the route's valid request the fuzzer may pick from. */
function mutations(route: RouteEntry, given: Record<string, string>): Mutation[] {
  const valid = sampleRequest(route, given);
  const url = new URL(valid.url as string, 'http://x');
  const json = { 'content-type': 'application/json' };
  const out: Mutation[] = [];
  const body = (what: string, payload: string, headers: Record<string, string> = json) =>
    out.push({ what: `body: ${what}`, make: () => ({ ...valid, headers, payload }) });

  if (route.consumes.length) {
    // Multipart uploads read their body in the handler: a couple of wrong bodies, no field-by-field mutation.
    body('JSON instead of multipart', '{"a": 1}');
    body('a truncated multipart body', '--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', {
      'content-type': 'multipart/form-data; boundary=x',
    });
  } else if (route.schema.body) {
    const sample = (valid.payload ?? {}) as Record<string, unknown>;
    const schema = toJsonSchema(route.schema.body);
    const fields = Object.keys(schema?.properties ?? {});
    for (const field of fields) {
      for (const [label, raw] of JUNK_VALUES) body(`${field} = ${label}`, withRaw(sample, field, raw));
      if (field in sample) body(`${field} missing`, withoutKey(sample, field));
    }
    body('invalid JSON', '{"a": ');
    body('JSON with trailing text', `${JSON.stringify(sample)}x`);
    body('empty with a JSON content type', '');
    for (const [label, raw] of [
      ['an array', '[]'],
      ['null', 'null'],
      ['a string', '"x"'],
      ['a number', '1'],
      ['100 nested arrays', nest(100, '[', ']')],
    ])
      body(`${label} instead of an object`, raw!);
    body('unknown keys', withRaw(sample, 'unknownField', '{"nested": [1, {"deeper": null}]}'));
    body('a top-level __proto__ key', withRaw(sample, '__proto__', '{"polluted": "yes", "isAdmin": true}'));
    body('a top-level constructor key', withRaw(sample, 'constructor', '{"prototype": {"polluted": "yes"}}'));
    body('text/plain', JSON.stringify(sample), { 'content-type': 'text/plain' });
    body('a form', 'a=1&__proto__[polluted]=yes', { 'content-type': 'application/x-www-form-urlencoded' });
    body('no content type', JSON.stringify(sample), {});
    body('over the 1 MB body limit', JSON.stringify({ ...sample, padding: 'x'.repeat(1_100_000) }));
  }

  const query = toJsonSchema(route.schema.querystring);
  for (const field of Object.keys(query?.properties ?? {})) {
    const withQuery = (what: string, search: string) =>
      out.push({ what: `query: ${what}`, make: () => ({ ...valid, url: `${url.pathname}?${search}` }) });
    const others = (field: string) => [...url.searchParams].filter(([k]) => k !== field).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
    for (const [label, text] of JUNK_TEXTS) withQuery(`${field} = ${label}`, [...others(field), `${field}=${text}`].join('&'));
    withQuery(`${field} twice`, [...others(field), `${field}=1`, `${field}=2`].join('&'));
    withQuery(`${field}[__proto__][polluted]`, [...others(field), `${field}[__proto__][polluted]=yes`].join('&'));
  }
  out.push({
    what: 'query: __proto__ keys',
    make: () => ({ ...valid, url: `${url.pathname}?${url.searchParams}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes` }),
  });

  const params = sampleParams(route, given);
  for (const name of paramNames(route.url)) {
    for (const [label, text] of JUNK_TEXTS.filter(([label]) => label !== 'empty')) {
      // fillUrl encodes: build the path by hand so the junk arrives as sent.
      const path = route.url.replace(/:(\w+)/g, (_, n: string) => (n === name ? text : encodeURIComponent(params[n]!)));
      out.push({ what: `path: ${name} = ${label}`, make: () => ({ ...valid, url: `${path}${url.search}` }) });
    }
  }
  return out;
}

let t: TestApp;
let ctx: IsolationContext;

beforeAll(async () => {
  t = await buildTestApp();
  ctx = await isolationContext(t);
});
afterAll(async () => {
  await t?.close();
});

describe('every route, sent generated invalid and random bodies, queries and path parameters', () => {
  it(
    'never answers 5xx, refuses in the error envelope, writes nothing when it refuses, and pollutes no prototype',
    async () => {
      const random = prng(SEED);
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
      const failures: string[] = [];
      const counts = { routes: 0, requests: 0, accepted: 0, writeChecked: 0 };
      // Deletions last, so the entities the other routes are fuzzed against still exist.
      const routes = apiRoutes(t.app).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      const givens = await entityValues(ctx, routes);
      for (const route of routes) {
        counts.routes++;
        const given = givens.get(route)!;
        const pool = mutations(route, given);
        const picked = Array.from(
          { length: Math.min(PER_ROUTE, pool.length) },
          () => pool.splice(Math.floor(random() * pool.length), 1)[0]!,
        );
        const caller = admittedCaller(route);
        const send = (request: InjectOptions) =>
          t.app.inject({ ...request, headers: { ...request.headers, ...callerHeaders(ctx, caller) } });
        const before = await fingerprint(t.app);
        const refused: Mutation[] = [];
        for (const mutation of picked) {
          const request = mutation.make();
          const res = await send(request);
          counts.requests++;
          const shown = `${routeName(route)} [${mutation.what}] (seed ${SEED}) ${request.method} ${String(request.url).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`;
          if (res.statusCode < 300) {
            counts.accepted++;
            await keepSignedIn(ctx, caller, res);
            continue;
          }
          refused.push(mutation);
          if (res.statusCode >= 500) failures.push(`${shown}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          let envelope;
          try {
            envelope = errorEnvelope.safeParse(res.json());
          } catch {
            envelope = null;
          }
          if (!envelope?.success || envelope.data.error.status !== res.statusCode)
            failures.push(`${shown}: ${res.statusCode} not in the error envelope: ${res.body.slice(0, 200)}`);
        }
        // One fingerprint around the route's calls; where some were accepted (and may write), the refused ones are
        // sent again between a second pair of fingerprints.
        let checked = before;
        let replayed = true;
        if (refused.length < picked.length) {
          checked = await fingerprint(t.app);
          for (const mutation of refused) {
            const res = await send(mutation.make());
            counts.requests++;
            if (res.statusCode < 300) replayed = false;
          }
        }
        if (replayed && refused.length) {
          counts.writeChecked++;
          const changed = changedTables(checked, await fingerprint(t.app));
          if (changed.length)
            failures.push(
              `${routeName(route)} (seed ${SEED}) wrote to ${changed.join(', ')} on refused requests: ${refused.map((m) => m.what).join('; ')}`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
      expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain('polluted');
      expect(counts.routes).toBeGreaterThan(200);
      expect(counts.requests).toBeGreaterThan(ON_POSTGRES ? 1000 : 3000);
      expect(counts.writeChecked).toBeGreaterThan(190);
    },
    WALK_TIMEOUT_MS,
  );
});
