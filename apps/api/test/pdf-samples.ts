import { deflateSync } from 'node:zlib';

/**
 * A PDF of a few kilobytes whose Flate streams inflate to about `inflatedMb` of text operators: reading it is all
 * inflating and scanning, some seconds of one core for tens of megabytes, the work issue #21 moved off the event loop.
 * The API tests (file-work-limits) and the parse bench both read it; this file imports nothing of the app.
 */
export function textHeavyPdf(inflatedMb: number, streams = 4): Buffer {
  const line = 'BT /F1 12 Tf 72 720 Td (Quarterly distribution notice for the fund) Tj ET\n';
  const content = Buffer.from(line.repeat(Math.ceil((inflatedMb * 1024 * 1024) / streams / line.length)), 'latin1');
  const packed = deflateSync(content, { level: 9 });
  const objects = Array.from({ length: streams }, (_, i) =>
    Buffer.concat([
      Buffer.from(`${i + 4} 0 obj << /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
  const kids = objects.map((_, i) => `${i + 4} 0 R`).join(' ');
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /Contents [${kids}] >> endobj\n`,
      'latin1',
    ),
    ...objects,
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}
