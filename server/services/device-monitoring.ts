// The kinds of monitoring a device runs, each with its own interval in seconds (0 is off, null is "never set"):
// the device columns the RMS API's bulk update (PUT /devices, PUT /devices/monitoring) writes and the device list reads.

export const DEVICE_MONITORING = [
  'dynamic_monitoring',
  'static_monitoring',
  'hotspot_monitoring',
  'io_monitoring',
  'gps_monitoring',
  'wireless_monitoring',
  'vpn_monitoring',
] as const;
