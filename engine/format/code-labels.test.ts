import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import permissions from '../../fixtures/permissions.json';
import { codeLabel, NOTIFICATION_TYPE_LABELS, STATUS_LABELS } from './code-labels';
import { formatCell } from './formatters';

describe('code labels', () => {
  it('name the known codes', () => {
    expect(codeLabel(STATUS_LABELS, 'in_progress')).toBe('In progress');
    expect(codeLabel(NOTIFICATION_TYPE_LABELS, 'creditAmountTooLow')).toBe('Low resource amount');
  });
  it('name each notification type of spec 001 §3 from the table, not by the fallback words', () => {
    const specTypes = ['creditAmountTooLow', 'invitedUserRegistration', 'creditCodeActivation', 'deviceAlert'];
    expect(Object.keys(NOTIFICATION_TYPE_LABELS).sort()).toEqual([...specTypes].sort());
    expect(specTypes.map((type) => codeLabel(NOTIFICATION_TYPE_LABELS, type))).toEqual([
      'Low resource amount',
      'Invited user registered',
      'Credit code activated',
      'Device alert',
    ]);
  });
  it('show an unknown code as words', () => {
    expect(codeLabel({}, 'device_status')).toBe('Device status');
    expect(codeLabel({}, 'firmwareUpdateFailed')).toBe('Firmware update failed');
    expect(codeLabel({}, 'API_request')).toBe('API request');
  });
  it('name a permission key by its words (the User permissions dialog)', () => {
    expect(codeLabel({}, 'view_device_hotspots')).toBe('View device hotspots');
    expect(codeLabel({}, 'constructor')).toBe('Constructor');
    expect(codeLabel({}, 'to_string')).toBe('To string');
    // Every permission key is snake_case, and a snake_case key reads as the key with spaces, first letter capital.
    const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*$/;
    for (const { name } of permissions) expect(name).toMatch(SNAKE);
    fc.assert(
      fc.property(fc.stringMatching(SNAKE), (key) => {
        const words = key.replace(/_/g, ' ');
        expect(codeLabel({}, key)).toBe(words.charAt(0).toUpperCase() + words.slice(1));
      }),
    );
  });
  it('format task states and notification types, empty stays empty', () => {
    expect(formatCell('status', 'running', {})).toBe('Running');
    expect(formatCell('status', 2, {})).toBe('2');
    expect(formatCell('notificationType', 'deviceAlert', {})).toBe('Device alert');
    expect(formatCell('notificationType', null, {})).toBe('');
    expect(formatCell('vpnClientType', 'rms_user', {})).toBe('RMS user');
    expect(formatCell('vpnClientType', 'custom_user', {})).toBe('Custom user');
  });
  it('report codes read as the new-report form names them (its type, period and "applied by" options)', async () => {
    const form = (await import('../../schemas/forms/new-report.json')).default as {
      fields: { key: string; options?: { value: string; label: string }[] }[];
    };
    const options = form.fields
      .filter((f) => ['type', 'period', 'applied_by'].includes(f.key))
      .flatMap((f) => f.options ?? []);
    expect(options.length).toBe(9);
    for (const { value, label } of options) expect(formatCell('reportCode', value, {})).toBe(label);
    expect(formatCell('reportCode', '', {})).toBe('');
  });
});
