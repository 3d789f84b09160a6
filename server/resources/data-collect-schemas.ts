import { BATCH_SIZE } from '../../engine/constants';
import { ID_SCHEMA } from '../services/ids';

// The request bodies of the data collect writes (POST and PUT
// /data-collect/configs, PUT /data-collect/configs/assign and /{id}/unassign),
// as the OpenAPI names them, bounded, and closed to unknown fields.

const text = { type: 'string', maxLength: 255 } as const;
const nullableText = { type: ['string', 'null'], maxLength: 255 } as const;

const variable = {
  type: 'object',
  required: ['id', 'type'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-zA-Z0-9-_]+$' },
    ref: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
    filter: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
    type: { type: 'string', enum: ['string', 'number', 'integer', 'boolean', 'array', 'object'] },
    default: nullableText,
    // A transform is text, or (as the OpenAPI's PUT names it) an evaluator running an expression on a variable.
    transform: {
      anyOf: [
        nullableText,
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            evaluator: { type: 'string', enum: ['bash', 'lua'] },
            eval_var: { type: 'string', maxLength: 255, pattern: '^[a-zA-Z0-9-_]+$' },
            expression: { type: 'string', maxLength: 500 },
          },
        },
      ],
    },
    description: { type: 'string', maxLength: 1000 },
    enum: { type: ['array', 'null'], minItems: 1, maxItems: 50, items: text },
  },
} as const;

const dataItem = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: nullableText,
    query_parameters: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['key'],
        additionalProperties: false,
        properties: { key: text, value: { type: 'array', maxItems: 50, items: text } },
      },
    },
    search_parameters: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { path: text, search_key: text, key: text, value: text },
      },
    },
    variables: { type: 'array', minItems: 1, maxItems: 200, items: variable },
  },
} as const;

export const configBody = {
  type: 'object',
  required: ['api_version', 'company_id', 'data', 'device_documentation_id', 'enabled', 'period'],
  additionalProperties: false,
  properties: {
    name: nullableText,
    description: nullableText,
    company_id: ID_SCHEMA,
    api_version: text,
    api_system: { type: ['string', 'null'], enum: ['rutos', 'tswos', null] },
    period: { type: 'integer', minimum: 1, maximum: 2_592_000 },
    enabled: { type: 'boolean' },
    device_documentation_id: ID_SCHEMA,
    data: { type: 'array', maxItems: 50, items: dataItem },
  },
} as const;

export interface ConfigBody {
  name?: string | null;
  description?: string | null;
  company_id: number;
  api_version: string;
  api_system?: string | null;
  period: number;
  enabled: boolean;
  device_documentation_id: number;
  data: { url: string | null; variables?: { id: string }[] }[];
}

const deviceIds = { type: 'array', minItems: 1, maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA } as const;

export const assignBody = {
  type: 'object',
  required: ['configs'],
  additionalProperties: false,
  properties: {
    configs: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['device_id', 'enabled', 'id', 'period'],
        additionalProperties: false,
        properties: {
          id: { type: ['string', 'integer'], pattern: '^[0-9]{1,10}$', minimum: 1 },
          device_id: deviceIds,
          period: { type: 'integer', minimum: 1, maximum: 2_592_000 },
          enabled: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export interface AssignBody {
  configs: { id: string | number; device_id: number[]; period: number; enabled: boolean }[];
}

export const unassignBody = {
  type: 'object',
  required: ['device_id'],
  additionalProperties: false,
  properties: { device_id: deviceIds },
} as const;
