import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { endpointKey } from '../../engine/contract/endpoint';

// The vendor's RMS API 3.0 OpenAPI (server/openapi/rms-api-openapi.json, made
// from shared/reference/rms-api-openapi.yaml by `npm run openapi:extract`)
// and its operations, keyed the way routes are compared: "METHOD /path" with
// every path parameter written `{}`.

export type OpenApiNode = Record<string, unknown>;

export interface Operation {
  method: string;
  /** The path as the OpenAPI writes it ("/devices/{device_id}"). */
  path: string;
  /** "METHOD /path" with parameters as `{}`: the key routes are matched by. */
  key: string;
  tag: string;
  node: OpenApiNode;
}

export const DOCUMENT_FILE = resolve(import.meta.dirname, 'rms-api-openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The document as committed (callers that annotate it work on a copy). */
export function loadDocument(): OpenApiNode {
  return JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiNode;
}

/** Every operation of a document, in document order. */
export function operations(document: OpenApiNode): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, OpenApiNode>)) {
    for (const method of METHODS) {
      const node = item[method] as OpenApiNode | undefined;
      if (!node) continue;
      const tag = ((node.tags as string[] | undefined) ?? ['other'])[0];
      out.push({ method: method.toUpperCase(), path, key: endpointKey(method, path), tag, node });
    }
  }
  return out;
}
