import type { Generated } from 'kysely';

// Tables of the automation, alert and device task migrations (090 to 093).

export interface AutomationDeviceTable {
  automation_id: number;
  device_id: number;
  /** 1 when the automation runs for the device, 0 when switched off for it. */
  enabled: Generated<number>;
}

/** An alert removed by a user: the device and when it went offline. */
export interface RemovedAlertTable {
  device_id: number;
  offline_at: string;
}

export interface AlertTokenTable {
  user_id: number;
  token: string;
  created_at: string;
}

export interface DeviceAlertConfigurationTable {
  id: Generated<number>;
  device_id: number;
  alert_type_id: number;
  alert_subtype_id: number;
  action: number;
  /** The other fields of the configuration, as JSON. */
  details: string;
  created_at: string;
}

export interface DeviceTaskTable {
  id: Generated<number>;
  group_id: number;
  /** The task's order in its group (the RMS API's `order`). */
  position: number;
  name: string;
  type: string;
  timeout: number;
  stop_on_failure: number;
  /** The task's command, file or target path, as JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}
