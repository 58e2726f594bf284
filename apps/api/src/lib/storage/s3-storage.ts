import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from './storage.ts';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (endpoint/bucket/key), which S3-compatible servers expect; otherwise bucket.endpoint/key. */
  forcePathStyle: boolean;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (S3 keys keep their slashes). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  now: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** AWS Signature Version 4 for S3: returns the Authorization header for the request. */
export function signV4({ method, url, headers, payloadHash, now, region, accessKeyId, secretAccessKey }: SignInput): string {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const names = Object.keys(lower).sort();
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [method, url.pathname, query, ...names.map((n) => `${n}:${lower[n]}`), '', names.join(';'), payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/** Files in an S3-compatible bucket, for stateless API nodes. Plain signed HTTP: no SDK. */
export function createS3Storage(options: S3Options, now: () => Date = () => new Date()): FileStorage {
  const endpoint = new URL(options.endpoint);
  const urlOf = (key: string) =>
    options.forcePathStyle
      ? new URL(`${endpoint.origin}/${options.bucket}/${encodeKey(key)}`)
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}/${encodeKey(key)}`);

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = urlOf(key);
    const date = now();
    const payloadHash = body ? sha256Hex(body) : sha256Hex('');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const authorization = signV4({
      method,
      url,
      headers,
      payloadHash,
      now: date,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    });
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, body: body ? new Uint8Array(body) : undefined });
  }

  const fail = async (what: string, res: Response) => new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);

  return {
    kind: 's3',
    async put(key, data, contentType) {
      const res = await send('PUT', key, data, contentType);
      if (!res.ok) throw await fail('put', res);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw await fail('get', res);
      const size = Number(res.headers.get('content-length') ?? 0);
      return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail('delete', res);
    },
  };
}
