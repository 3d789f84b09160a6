import { describe, expect, it } from 'vitest';
import { statusData } from './status-channel';

// The vendor's Status API view of a channel's events (GET /status/channel/{channel}).

describe('statusData', () => {
  it("gathers a device action's steps by device, oldest first, with the vendor's statuses", () => {
    const step = (id: number, outcome: string, extra: Record<string, unknown> = {}) => ({
      event: 'ActionProgress',
      payload: { channel: 'action.1', status: 'running', device: { id, outcome, ...extra } },
    });
    const data = statusData([
      step(7, 'accepted'),
      step(8, 'offline', { message: 'The device is offline.' }),
      step(7, 'progress', { progress: 40, message: 'Downloading' }),
      step(7, 'done', { message: 'Rebooted.' }),
      { event: 'ActionCompleted', payload: { channel: 'action.1', total: 2, done: 2, failed: 0, status: 'completed' } },
    ]);
    expect(data).toEqual({
      7: [
        { status: 'pending', value: 'accepted' },
        { status: 'in_progress', value: 'Downloading', progress: 40 },
        { status: 'completed', value: 'Rebooted.' },
      ],
      8: [{ status: 'error', value: 'The device is offline.', errorcode: 'offline' }],
      '-1': [{ status: 'completed', value: 'Action executed successfully.', total: 2, done: 2, failed: 0 }],
    });
  });

  it('writes a bulk progress and a result under "-1", and a result keyed by device id under each device', () => {
    expect(
      statusData([
        { event: 'ActionProgress', payload: { total: 20, done: 10, failed: 1, status: 'running' } },
        {
          event: 'ActionCompleted',
          payload: { total: 1, done: 1, failed: 0, data: { value: 'Route successfully added.' } },
        },
        { event: 'ActionCompleted', payload: { total: 1, done: 1, failed: 0, data: [{ port: 22, open: true }] } },
        { event: 'ActionCompleted', payload: { total: 1, done: 1, failed: 0, data: { 12: { ports: [] } } } },
      ]),
    ).toEqual({
      '-1': [
        { status: 'in_progress', value: '10 of 20 done', total: 20, done: 10, failed: 1 },
        { status: 'completed', value: 'Route successfully added.', total: 1, done: 1, failed: 0 },
        { status: 'completed', value: [{ port: 22, open: true }], total: 1, done: 1, failed: 0 },
      ],
      12: [{ status: 'completed', ports: [] }],
    });
  });

  it('answers nothing for no events', () => {
    expect(statusData([])).toEqual({});
  });
});
