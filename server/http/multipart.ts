import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

// Reads a multipart body into plain fields and files (buffered; the size
// limit of @fastify/multipart answers 413).

export interface UploadedFile {
  name: string;
  size: number;
  type: string;
  buffer: Buffer;
}

export async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    throw ApiError.of(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request must be multipart/form-data.');
  }
  const values: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw ApiError.of(413, 'PAYLOAD_TOO_LARGE', 'Maximum file size is 80MB', part.fieldname);
      values[part.fieldname] = {
        name: part.filename,
        size: buffer.length,
        type: part.mimetype,
        buffer,
      } satisfies UploadedFile;
    } else {
      values[part.fieldname] = part.value;
    }
  }
  return values;
}
