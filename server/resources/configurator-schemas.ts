import { BATCH_SIZE } from '../../engine/constants';
import { ID_SCHEMA } from '../services/ids';

// The request bodies of the device multi configuration calls, as the OpenAPI
// names them, bounded, and closed to unknown fields.

const text = { type: 'string', maxLength: 255 } as const;
const path = { type: 'string', minLength: 1, maxLength: 255, pattern: '^/' } as const;

const queryParameters = {
  type: 'array',
  maxItems: 50,
  items: { type: 'object', additionalProperties: false, properties: { key: text, value: text } },
} as const;

const searchElements = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      search_key: text,
      path: text,
      elements: {
        type: 'array',
        maxItems: 50,
        items: { type: 'object', additionalProperties: false, properties: { key: text, value: text } },
      },
    },
  },
} as const;

export const configurationBody = {
  type: 'object',
  required: ['device_id'],
  additionalProperties: false,
  properties: {
    device_id: ID_SCHEMA,
    endpoints: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['path'],
        additionalProperties: false,
        properties: { path, query_parameters: queryParameters, search_elements: searchElements },
      },
    },
  },
} as const;

/** A write method, in any letter case. */
const METHOD = {
  type: 'string',
  pattern: '^([Pp][Oo][Ss][Tt]|[Pp][Uu][Tt]|[Pp][Aa][Tt][Cc][Hh]|[Dd][Ee][Ll][Ee][Tt][Ee])$',
} as const;

export const configureBody = {
  type: 'object',
  required: ['configuration'],
  additionalProperties: false,
  properties: {
    configuration: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['device_id', 'path', 'method'],
        additionalProperties: false,
        properties: {
          device_id: { type: 'array', minItems: 1, maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA },
          path,
          method: METHOD,
          content_type: text,
          query_parameters: queryParameters,
          search_elements: searchElements,
          request_data: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 255 } },
        },
      },
    },
  },
} as const;

export const templateBody = {
  type: 'object',
  required: ['company_id', 'name', 'template', 'version'],
  additionalProperties: false,
  properties: {
    company_id: ID_SCHEMA,
    name: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
    version: { type: 'string', pattern: '^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$' },
    template: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['path', 'method'],
        additionalProperties: false,
        properties: {
          path,
          method: METHOD,
          content_type: text,
          request_data: { type: 'object', maxProperties: 200 },
        },
      },
    },
  },
} as const;
