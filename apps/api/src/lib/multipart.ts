import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export interface UploadedFile {
  field: string;
  data: Buffer;
  fileName: string;
}

/**
 * Reads a multipart body: the text fields and the files (by field name), within the limits set on the
 * multipart plugin (UPLOAD_MAX_MB per file). Check the bytes with checkUpload and the fields with a zod schema.
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('bad-request', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      files.push({ field: part.fieldname, data, fileName: part.filename });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** The one file under a field name ('file' by default), or a 400 naming the field. */
export function requireFile(files: UploadedFile[], field = 'file'): UploadedFile {
  const file = files.find((f) => f.field === field);
  if (!file) throw new AppError('bad-request', `${field}: attach a file`);
  return file;
}
