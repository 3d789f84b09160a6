// Human labels of the device task types of the forms spec (§3 "Task names").
import { codeLabel } from './code-labels';

const TASK_TYPE_LABELS: Readonly<Record<string, string>> = {
  firmware_upload: 'Firmware upload',
  config_upload: 'Configuration upload',
  execute_tasks_group: 'Task group execution',
  api_request: 'API request',
  execute_mulficonfig_template: 'Multi-configuration template',
  add_device: 'Add device',
};

/** The label of a task type; an unknown code is shown as words ("reboot_device" → "Reboot device"). */
export function taskTypeLabel(code: string): string {
  return codeLabel(TASK_TYPE_LABELS, code);
}

/** Task type codes of a cell: an array of codes or of `{ name }` / `{ type }` items, or one comma-separated string. */
export function taskTypeCodes(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .map((item: unknown) =>
      item && typeof item === 'object'
        ? String((item as { type?: unknown; name?: unknown }).type ?? (item as { name?: unknown }).name ?? '')
        : String(item ?? ''),
    )
    .map((code) => code.trim())
    .filter(Boolean);
}
