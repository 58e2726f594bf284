import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { signUp, useTestApp } from './factories.ts';

/**
 * What an integrator does with the published document: generates a TypeScript client from it (openapi-typescript,
 * file fields as Blob), type-checks a small program against it (client/program.ts: sign in, list offers, upload a
 * document), and runs that program against the API.
 */
let t: TestApp;

/** What client/program.ts answers. */
interface ProgramResult {
  token: string;
  offerNames: string[];
  total: number;
  documentId: string;
  location: string | null;
  uploadStatus: number;
}
useTestApp(async (built) => {
  t = built;
});

const clientDir = resolve(import.meta.dirname, 'client');
const root = resolve(import.meta.dirname, '../../..');
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** fetch over app.inject: the generated client talks to the test app as it would over the network. */
function injectFetch(host: string): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host },
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

it('generates a TypeScript client that type-checks a program which signs in, lists offers and uploads a document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  // defaultNonNullable: false keeps a field with a default optional in request bodies (the server fills it in).
  const ast = await openapiTS(doc, {
    defaultNonNullable: false,
    transform(schema) {
      if (schema.format === 'binary') return BLOB;
      return undefined;
    },
  });
  mkdirSync(join(clientDir, 'generated'), { recursive: true });
  writeFileSync(join(clientDir, 'generated/openapi.ts'), astToString(ast));
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript-7/bin/tsc'), '-p', join(clientDir, 'tsconfig.json')], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    expect.fail(`The program does not type-check against the generated client:\n${stdout}${stderr}`);
  }

  const user = await signUp(t.app, 'acme');
  // Imported by path, so that the API's own type check does not follow it into the generated file (not in git).
  const programPath = join(clientDir, 'program.ts');
  const { run } = (await import(/* @vite-ignore */ programPath)) as { run: (input: object) => Promise<ProgramResult> };
  const result = await run({
    baseUrl: 'http://acme.localhost/api/v1',
    fetch: injectFetch(user.host),
    tenant: 'acme',
    email: user.email,
    password: user.password,
  });
  expect(result.token).toMatch(/^ey/);
  expect(result.total).toBe(0);
  expect(result.uploadStatus).toBe(201);
  expect(result.location).toBe(`/api/v1/document/${result.documentId}`);
  const got = await t.app.inject({
    method: 'GET',
    url: `/api/v1/document/${result.documentId}`,
    headers: { host: user.host, authorization: `Bearer ${result.token}` },
  });
  expect(got.json().data).toMatchObject({ name: 'Subscription memo', mimeType: 'application/pdf' });
}, 60_000);
