import { describe, expect, it } from 'vitest';
import { codeLabel, NOTIFICATION_TYPE_LABELS, STATUS_LABELS } from './code-labels';
import { formatCell } from './formatters';

describe('code labels', () => {
  it('name the known codes', () => {
    expect(codeLabel(STATUS_LABELS, 'in_progress')).toBe('In progress');
    expect(codeLabel(NOTIFICATION_TYPE_LABELS, 'creditAmountTooLow')).toBe('Low resource amount');
  });
  it('show an unknown code as words', () => {
    expect(codeLabel({}, 'device_status')).toBe('Device status');
    expect(codeLabel({}, 'firmwareUpdateFailed')).toBe('Firmware update failed');
    expect(codeLabel({}, 'API_request')).toBe('API request');
  });
  it('format task states and notification types, empty stays empty', () => {
    expect(formatCell('status', 'running', {})).toBe('Running');
    expect(formatCell('status', 2, {})).toBe('2');
    expect(formatCell('notificationType', 'deviceAlert', {})).toBe('Device alert');
    expect(formatCell('notificationType', null, {})).toBe('');
  });
});
