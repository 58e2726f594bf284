import { describe, expect, it } from 'vitest';
import { PNG } from '../modules/documents/documents.test-helpers.ts';
import { docx, makeZip } from '../security/upload-corpus.test-helpers.ts';
import { checkUpload, contentDisposition, extensionOf, fileNameProblem, safeFileName, sniffMimeType } from './uploads.ts';
import { inspectZip, ZIP_LIMITS } from './zip-inspect.ts';

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');

// The corpus over every upload route is security/uploads.test.ts; these pin the rules one by one.
describe('uploads', () => {
  it('recognises files by their content', () => {
    expect(sniffMimeType(PNG, 'png')).toBe('image/png');
    expect(sniffMimeType(PDF, 'pdf')).toBe('application/pdf');
    expect(sniffMimeType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg')).toBe('image/jpeg');
    expect(sniffMimeType(Buffer.from('a,b\n1,2\n'), 'csv')).toBe('text/csv');
    expect(sniffMimeType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'pdf')).toBeNull();
    expect(sniffMimeType(Buffer.from('<svg onload="alert(1)"></svg>'), 'svg')).toBeNull();
    expect(sniffMimeType(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'zip')).toBeNull();
  });

  it('refuses wrong content, mismatched and double extensions, and empty files, saying what to do', async () => {
    await expect(checkUpload(PNG, 'photo.png')).resolves.toEqual({ mimeType: 'image/png', originalName: 'photo.png', size: PNG.length });
    await expect(checkUpload(PNG, 'report.2024.final.png')).resolves.toMatchObject({ originalName: 'report.2024.final.png' });
    await expect(checkUpload(Buffer.from('MZ...'), 'invoice.pdf')).rejects.toThrow(
      'The file is not a PDF: its contents do not match its .pdf extension',
    );
    await expect(checkUpload(PNG, 'photo.pdf')).rejects.toThrow(
      'The file is not a PDF: its contents are a PNG image: rename it to .png or upload the right file',
    );
    await expect(checkUpload(PDF, 'statement.pdf.exe')).rejects.toThrow('Files ending in .exe are not accepted here. Upload one of: pdf,');
    await expect(checkUpload(Buffer.from('<svg/>'), 'logo.svg')).rejects.toThrow(/^SVG images are not accepted: they can carry scripts/);
    await expect(checkUpload(Buffer.alloc(0), 'a.png')).rejects.toThrow('The file is empty');
    await expect(checkUpload(PDF, 'a.pdf', { allowed: ['image/png'] })).rejects.toThrow(
      'Files ending in .pdf are not accepted here. Upload one of: png.',
    );
  });

  it('refuses images that carry a second format', async () => {
    await expect(checkUpload(Buffer.concat([PNG, Buffer.from('<html>')]), 'a.png')).rejects.toThrow(/bytes of other data after its end/);
    await expect(checkUpload(PNG.subarray(0, 20), 'a.png')).rejects.toThrow(/not a complete PNG image/);
    await expect(checkUpload(Buffer.from('GIF89a<script>'), 'a.gif')).rejects.toThrow(/GIF image with HTML or script inside it/);
  });

  it('refuses unsafe names and keeps odd ones harmless', () => {
    for (const name of ['../../etc/passwd', '..\\win.ini', '/abs.png', '..']) expect(fileNameProblem(name)).toMatch(/not a path/);
    expect(fileNameProblem('a\u0007.png')).toMatch(/control characters/);
    expect(fileNameProblem('a\u202egnp.exe')).toMatch(/text-direction/);
    // The same rule as names of people (packages/domain invisibleCharacters).
    expect(fileNameProblem('a\u200Fb.pdf')).toMatch(/text-direction/);
    expect(fileNameProblem('invoice\u200B.pdf')).toMatch(/zero-width/);
    expect(fileNameProblem('a\u2060b.pdf')).toMatch(/zero-width/);
    expect(fileNameProblem(`${'ü'.repeat(128)}.png`)).toMatch(/too long/);
    expect(fileNameProblem('Résumé (final) 😀.png')).toBeNull();
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\tax "2025".pdf')).toBe('tax 2025.pdf');
    expect(safeFileName('\u0000')).toBe('file');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('a\u202egnp.exe')).toBe('agnp.exe');
    expect(safeFileName('in\u200Bvoice\uFEFF.pdf')).toBe('invoice.pdf');
    const long = safeFileName(`${'😀'.repeat(250)}.pdf`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('😀.pdf')).toBe(true);
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
    expect(extensionOf('invoice.pdf ')).toBe('pdf');
    expect(contentDisposition('résumé "final".pdf')).toBe(
      `attachment; filename="r_sum_ final.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf`,
    );
  });
});

describe('inspectZip', () => {
  it('reads a clean package', async () => {
    await expect(inspectZip(docx())).resolves.toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    await expect(checkUpload(docx(), 'letter.docx')).resolves.toMatchObject({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('allows small packages to pack tightly, and larger ones up to the ratio', async () => {
    const tight = Buffer.alloc(ZIP_LIMITS.freeBytes - 4096, 0x41);
    await expect(inspectZip(makeZip([{ name: 'a.xml', data: tight }]))).resolves.toEqual(['a.xml']);
    await expect(inspectZip(makeZip([{ name: 'a.xml', data: Buffer.alloc(ZIP_LIMITS.freeBytes + 1) }]))).rejects.toThrow(/zip bomb/);
  });

  it('catches a stored part whose sizes disagree', async () => {
    await expect(inspectZip(makeZip([{ name: 'a.xml', data: Buffer.from('abc'), method: 0, declaredSize: 2 }]))).rejects.toThrow(
      /does not unpack to the size it declares/,
    );
  });
});
