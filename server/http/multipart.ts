import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import { assertText } from './text';

// Reads a multipart body into plain fields and files (buffered; the size
// limit of @fastify/multipart answers 413). A body that ends early or breaks
// the multipart format is a 400, and field values are checked as text. A
// field named `name[]` (the list form of the vendor's PHP API, as clients
// generated from its OpenAPI send a list) collects its values into a list
// under `name`; a plain name given twice keeps the last value, as there.

export interface UploadedFile {
  name: string;
  size: number;
  type: string;
  buffer: Buffer;
}

const malformed = () => ApiError.of(400, 'BAD_REQUEST', 'The multipart body is malformed.');

async function readParts(request: FastifyRequest, values: Record<string, unknown>): Promise<void> {
  for await (const part of request.parts()) {
    assertText(part.fieldname, part.fieldname);
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
      if (typeof part.value === 'string') assertText(part.value, part.fieldname);
      if (part.fieldname.endsWith('[]') && part.fieldname.length > 2) {
        const name = part.fieldname.slice(0, -2);
        const list = Array.isArray(values[name]) ? (values[name] as unknown[]) : (values[name] = []);
        list.push(part.value);
      } else values[part.fieldname] = part.value;
    }
  }
}

export async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    throw ApiError.of(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request must be multipart/form-data.');
  }
  const values: Record<string, unknown> = {};
  try {
    await readParts(request, values);
  } catch (error) {
    // Our own answers and the plugin's limits (which carry a status) stand; the
    // parser's own errors (a truncated body, a broken boundary) are the client's.
    if (error instanceof ApiError || (error as { statusCode?: number }).statusCode) throw error;
    throw malformed();
  }
  return values;
}
