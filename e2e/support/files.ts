import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll } from 'vitest';

/** A valid 1×1 transparent PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Files for a spec to upload, written to a temporary folder removed after the spec file. */
export function useTempFiles() {
  let dir: string | undefined;
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const write = (name: string, data: Buffer | string) => {
    dir ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-files-'));
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };
  return {
    png: (name: string) => write(name, Buffer.from(PNG_1X1, 'base64')),
    /** A PNG `width` × `height` of a colour gradient: a photograph's stand-in, wide enough for the API to narrow. */
    gradientPng: (name: string, width: number, height: number) => {
      const png = new PNG({ width, height });
      for (let i = 0; i < width * height; i++) png.data.set([(i % width) % 256, Math.floor(i / width) % 256, 160, 255], i * 4);
      return write(name, PNG.sync.write(png));
    },
    text: (name: string, body: string) => write(name, body),
  };
}

/**
 * A one-page PDF saying `text`, made with pdf-lib as a real document would be, dated `created` in its metadata (the
 * accreditation uploads check statement dates against the file's own).
 */
export async function pdfDocument(text: string, created = new Date()): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
  const page = pdf.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}
