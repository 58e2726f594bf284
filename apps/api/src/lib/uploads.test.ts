import { describe, expect, it } from 'vitest';
import { checkUpload, contentDisposition, extensionOf, safeFileName, sniffMimeType } from './uploads.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');

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

  it('refuses wrong content, mismatched and double extensions, and empty files', () => {
    expect(checkUpload(PNG, 'photo.png')).toEqual({ mimeType: 'image/png', originalName: 'photo.png', size: PNG.length });
    expect(() => checkUpload(Buffer.from('MZ...'), 'invoice.pdf')).toThrow(/not accepted/);
    expect(() => checkUpload(PNG, 'photo.pdf')).toThrow(/does not match/);
    expect(() => checkUpload(PDF, 'statement.pdf.exe')).toThrow(/does not match/);
    expect(() => checkUpload(Buffer.alloc(0), 'a.png')).toThrow(/empty/);
    expect(() => checkUpload(PDF, 'a.pdf', { allowed: ['image/png'] })).toThrow(/png/);
  });

  it('keeps names harmless', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\tax "2025".pdf')).toBe('tax 2025.pdf');
    expect(safeFileName('\u0000')).toBe('file');
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
    expect(contentDisposition('résumé "final".pdf')).toBe(`attachment; filename="r_sum_ final.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf`);
  });
});
