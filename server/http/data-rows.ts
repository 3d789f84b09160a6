import { BATCH_SIZE } from '../../engine/constants';

// The body of the RMS API's bulk writes: rows under `data` (PUT /devices,
// device passwords, automations, alert configurations, update cancels).

/** A body of 1 to `maxItems` rows of `item` under `data`, nothing else beside it. */
export const dataRows = (item: object, maxItems: number = BATCH_SIZE) =>
  ({
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'array', minItems: 1, maxItems, items: item } },
  }) as const;

/** dataRows of objects with exactly these properties, `required` among them. */
export const objectRows = (required: string[], properties: Record<string, unknown>, maxItems: number = BATCH_SIZE) =>
  dataRows({ type: 'object', required, additionalProperties: false, properties }, maxItems);
