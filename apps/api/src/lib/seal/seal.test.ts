import { constants, createHash, createPrivateKey, privateEncrypt, X509Certificate } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { closeWorkerPool } from '../worker-pool.ts';
import { createDocumentSealer } from './document-sealer.ts';
import { checkPdfSeal } from './index.ts';
import { generateSealCertificate } from './local-key.ts';
import { remoteSealKeys } from './remote-key.ts';

afterAll(closeWorkerPool);

const OPTIONS = {
  tenantId: 'a1a1a1a1a1a1a1a1a1a1a1a1',
  signerName: 'Acme Capital',
  reason: 'Test',
  location: 'acme.localhost',
  signedAt: new Date(),
};

async function onePage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

/** A stand-in signing service: the key stays here, only a hash comes in. */
async function fakeSigningService() {
  const made = await generateSealCertificate('Remote Seal', new Date());
  const key = createPrivateKey(made.key);
  const calls: { path: string; body: Record<string, unknown>; auth: string | null }[] = [];
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push({ path, body, auth: new Headers(init?.headers).get('authorization') });
    if (path.endsWith('/credentials/info')) {
      return Response.json({ cert: { certificates: [new X509Certificate(made.certificate).raw.toString('base64')] } });
    }
    // RSA PKCS#1 v1.5 over a given SHA-256 hash: the DigestInfo prefix, then the hash.
    const digestInfo = Buffer.concat([
      Buffer.from('3031300d060960864801650304020105000420', 'hex'),
      Buffer.from(String((body.hashes as string[])[0]), 'base64'),
    ]);
    const signed = privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo);
    return Response.json({ signatures: [signed.toString('base64')] });
  }) as typeof fetch;
  return { made, calls, fetchFn };
}

describe('the document sealer', () => {
  it('seals with a remote signing service that only ever sees a hash', async () => {
    const service = await fakeSigningService();
    const sealer = createDocumentSealer(
      'remote',
      remoteSealKeys({ url: 'https://seal.example/csc/v2/', token: 'secret-token' }, service.fetchFn),
    );
    const sealed = await sealer.seal(await onePage(), OPTIONS);
    const check = checkPdfSeal(sealed);
    expect(check, check.problem ?? '').toMatchObject({ valid: true });
    expect(check.signer?.subject).toContain('CN=Remote Seal');
    expect(service.calls.map((c) => c.path)).toEqual(['/csc/v2/credentials/info', '/csc/v2/signatures/signHash']);
    expect(service.calls.every((c) => c.auth === 'Bearer secret-token')).toBe(true);
    const [, signHash] = service.calls;
    expect(signHash!.body).toMatchObject({ credentialID: OPTIONS.tenantId, hashAlgorithmOID: '2.16.840.1.101.3.4.2.1' });
    expect(Buffer.from(String((signHash!.body.hashes as string[])[0]), 'base64')).toHaveLength(createHash('sha256').digest().length);
  });

  it('refuses an unreachable or confused signing service with 503', async () => {
    const down = createDocumentSealer(
      'remote',
      remoteSealKeys({ url: 'https://seal.example', token: 't' }, (async () => new Response('no', { status: 500 })) as typeof fetch),
    );
    await expect(down.seal(await onePage(), OPTIONS)).rejects.toMatchObject({ status: 503 });
    const odd = createDocumentSealer(
      'remote',
      remoteSealKeys({ url: 'https://seal.example', token: 't' }, (async () => Response.json({ what: 1 })) as typeof fetch),
    );
    await expect(odd.seal(await onePage(), OPTIONS)).rejects.toMatchObject({ status: 503 });
  });

  it('is picked by SEAL_PROVIDER; remote needs an https SEAL_URL and a SEAL_TOKEN', () => {
    expect(loadConfig({}).seal).toEqual({ provider: 'local' });
    expect(loadConfig({ SEAL_PROVIDER: 'remote', SEAL_URL: 'https://seal.example', SEAL_TOKEN: 't' }).seal).toEqual({
      provider: 'remote',
      url: 'https://seal.example',
      token: 't',
    });
    expect(() => loadConfig({ SEAL_PROVIDER: 'remote' })).toThrow(/SEAL_URL.*\n.*SEAL_TOKEN/);
    expect(() => loadConfig({ SEAL_PROVIDER: 'remote', SEAL_URL: 'http://seal.example', SEAL_TOKEN: 't' })).toThrow(/https/);
  });
});
