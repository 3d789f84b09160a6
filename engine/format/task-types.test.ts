import { describe, expect, it } from 'vitest';
import { formatCell } from './formatters';
import { taskTypeCodes, taskTypeLabel } from './task-types';

describe('task types', () => {
  it('have human labels', () => {
    expect(taskTypeLabel('firmware_upload')).toBe('Firmware upload');
    expect(taskTypeLabel('api_request')).toBe('API request');
    expect(taskTypeLabel('reboot_device')).toBe('Reboot device');
  });
  it('are read from arrays, items and comma-separated strings', () => {
    expect(taskTypeCodes(['config_upload', { type: 'api_request' }])).toEqual(['config_upload', 'api_request']);
    expect(taskTypeCodes('config_upload, execute_tasks_group')).toEqual(['config_upload', 'execute_tasks_group']);
    expect(taskTypeCodes(null)).toEqual([]);
  });
  it('format a cell, each label through the translator', () => {
    expect(formatCell('taskTypes', ['config_upload', 'execute_tasks_group'], {})).toBe(
      'Configuration upload, Task group execution',
    );
    expect(formatCell('taskTypes', ['api_request'], {}, { translate: (s) => `«${s}»` })).toBe('«API request»');
  });
});
