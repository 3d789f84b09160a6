import { DEVICE_TYPES, type Topics } from './protocol';
import { payloadText } from './protocol';

// What a device may publish and subscribe to on the embedded broker
// (docs/devices-protocol.md, "Authentication and access control"): only its
// own serial's topics. The gateway's own user may do anything.

/** Whether the device `serial` may publish this message. */
export function mayPublish(topics: Topics, serial: string, topic: string, payload: Uint8Array): boolean {
  const parsed = topics.parse(topic);
  if (!parsed) return false;
  switch (parsed.kind) {
    case 'id':
      return payloadText(payload, 32) === serial;
    case 'value':
    case 'reply':
      return parsed.serial === serial;
    default:
      return false;
  }
}

/** Whether the device `serial` may subscribe to this filter (exact topics only, no wildcards). */
export function maySubscribe(topics: Topics, serial: string, filter: string): boolean {
  if (DEVICE_TYPES.some((type) => filter === topics.discover(type))) return true;
  return filter === topics.command(serial) || filter === topics.request(serial);
}
