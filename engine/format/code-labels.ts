// Human labels of the codes lists show in status and type columns: the known
// codes by name, an unknown one as words ("reboot_device" → "Reboot device",
// "creditAmountTooLow" → "Credit amount too low").

/** The label of a code: the known one, else the code's words, first letter capital. */
export function codeLabel(labels: Readonly<Record<string, string>>, code: string): string {
  // Own keys only: a code such as "constructor" or "toString" is a code, not the object's inherited member.
  const known = Object.hasOwn(labels, code) ? labels[code] : undefined;
  if (known) return known;
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** States of runs and records: task groups (the task manager), reports and generated reports. */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  paused: 'Paused',
  ready: 'Ready',
  scheduled: 'Scheduled',
  pending: 'Pending',
  running: 'Running',
  in_progress: 'In progress',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The notification types of the forms spec (§ Notification): creditAmountTooLow and the others seen. */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<string, string>> = {
  creditAmountTooLow: 'Low resource amount',
  invitedUserRegistration: 'Invited user registered',
  creditCodeActivation: 'Credit code activated',
  deviceAlert: 'Device alert',
};

/** The kinds of VPN hub clients (a session's or a connection log's type). */
export const VPN_CLIENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  device: 'Device',
  rms_user: 'RMS user',
  custom_user: 'Custom user',
};

/** A report's type, period and "applied by" codes, in the words of the new-report form's options. */
export const REPORT_CODE_LABELS: Readonly<Record<string, string>> = {
  single: 'Single',
  periodic: 'Periodic',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  custom: 'Custom',
  device: 'Device',
  company: 'Company',
  tag: 'Tag',
};
