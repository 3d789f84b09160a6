// Subscribes an open page to the DeviceUpdated events of its devices' company
// channels (engine/device/live.ts) while it shows them.
import { useEffect, useRef } from 'react';
import { readDeviceUpdate, type DeviceUpdate } from '../../engine/device/live';
import { realtime } from '../../engine/realtime/socket';

/** `channels`: the company channels to follow (empty: none); `onUpdate` gets each well-formed update. */
export function useDeviceUpdates(channels: readonly string[], onUpdate: (update: DeviceUpdate) => void) {
  const handler = useRef(onUpdate);
  handler.current = onUpdate;
  const key = channels.join(',');
  useEffect(() => {
    if (!key) return;
    const stops = key.split(',').map((channel) =>
      realtime.subscribe(channel, 'DeviceUpdated', (payload) => {
        const update = readDeviceUpdate(payload);
        if (update) handler.current(update);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [key]);
}
