import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, signV4 } from './s3-storage.ts';

describe('S3 signature', () => {
  it("matches AWS's published SigV4 example (GET object with a range)", () => {
    const authorization = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      now: new Date('2013-05-24T00:00:00Z'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  let endpoint: string;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization) });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'PUT') objects.set(req.url!, Buffer.concat(chunks));
    if (req.method === 'GET') {
      const data = objects.get(req.url!);
      if (!data) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      return res.writeHead(200, { 'content-length': data.length }).end(data);
    }
    if (req.method === 'DELETE') objects.delete(req.url!);
    res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
  };
  // A failure here breaks the connection, so the storage call under test fails instead of hanging.
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes signed objects, path-style', async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: 'tessera',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    await storage.put('documents/t1/abc', Buffer.from('hello'), 'text/plain');
    const got = await storage.get('documents/t1/abc');
    const chunks: Buffer[] = [];
    for await (const chunk of got!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(got!.size).toBe(5);
    await storage.delete('documents/t1/abc');
    expect(await storage.get('documents/t1/abc')).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PUT /tessera/documents/t1/abc',
      'GET /tessera/documents/t1/abc',
      'DELETE /tessera/documents/t1/abc',
      'GET /tessera/documents/t1/abc',
    ]);
    expect(seen.every((s) => s.authorization.startsWith('AWS4-HMAC-SHA256 Credential=id/'))).toBe(true);
  });
});
