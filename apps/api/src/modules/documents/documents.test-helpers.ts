import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { hostOf } from '../../../test/build-test-app.ts';
import { bearer, type SignedUp } from '../../../test/factories.ts';

/** A valid 1×1 PNG: uploads are checked for a complete image (IHDR to IEND, nothing after). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A one-page PDF whose text is in a Flate-compressed (or plain) content stream. */
export function makePdf(text: string, compressed = true): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
  const body = compressed ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  const dict = compressed ? `<< /Length ${body.length} /Filter /FlateDecode >>` : `<< /Length ${body.length} >>`;
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n4 0 obj ${dict}\nstream\n`,
      'latin1',
    ),
    body,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

export { textHeavyPdf } from '../../../test/pdf-samples.ts';

/** A multipart/form-data body with text fields and files. */
export function multipart(fields: Record<string, string>, files: { field?: string; name: string; data: Buffer; type?: string }[]) {
  const boundary = `----tessera${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const metadata = { name: 'Tax return 2024', type: 'INCOME_TAX', entityType: 'USER' };

export async function uploadDocument(
  app: FastifyInstance,
  who: SignedUp,
  options: { fields?: Record<string, string>; name?: string; data?: Buffer } = {},
) {
  const body = multipart({ ...metadata, ...options.fields }, [
    { name: options.name ?? 'return.pdf', data: options.data ?? makePdf('Adjusted gross income') },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/document',
    headers: { host: hostOf(who.host.split('.')[0]!), ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads an image (POST image) as `who`; its id. */
export async function uploadImage(app: FastifyInstance, who: SignedUp, data: Buffer = PNG): Promise<string> {
  const body = multipart({ name: 'Hero' }, [{ name: 'hero.png', data, type: 'image/png' }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/image',
    headers: { host: who.host, ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`POST image answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: { _id: string } }).data._id;
}
