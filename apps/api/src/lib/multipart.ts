import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { isStorableText } from './safe-text.ts';

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
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!isStorableText(part.filename))
          throw new AppError('validation', `${part.fieldname}: the file name must not contain NUL characters or unpaired surrogates`);
        files.push({ field: part.fieldname, data, fileName: part.filename });
      } else if (typeof part.value === 'string') {
        if (!isStorableText(part.value))
          throw new AppError('validation', `${part.fieldname}: text must not contain NUL characters or unpaired surrogates`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The multipart plugin's own errors (file too large, too many parts) carry their status; the parser's
    // (a truncated body, a missing boundary) are plain errors about the request, not the server.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('bad-request', 'The multipart body is malformed', { cause: error });
  }
  return { fields, files };
}

/** The one file under a field name ('file' by default), or a 400 naming the field. */
export function requireFile(files: UploadedFile[], field = 'file'): UploadedFile {
  const file = files.find((f) => f.field === field);
  if (!file) throw new AppError('bad-request', `${field}: attach a file`);
  return file;
}

/** Zod issues of a multipart form as the 400 the JSON routes give, naming each field. */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError('validation', parsed.error.issues.map((i) => `body.${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
}
