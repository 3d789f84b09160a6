import type { ColumnType } from 'kysely';

// Tables of the device gateway (server/devices/, migrations-devices.ts):
// serials that answered on the broker without a device record, and the
// devices' MQTT credentials. They join the Database interface here.

/** A serial seen on the broker with no device record: listed for adoption until a device takes it. */
export interface DiscoveredDeviceTable {
  serial: string;
  /** The vendor protocol's TYPE the serial answered on: router or device. */
  type: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** A device's MQTT secret, hashed in Mosquitto's $7$ format (PBKDF2-SHA512), never stored in clear. */
export interface DeviceCredentialTable {
  device_id: number;
  secret_hash: string;
  created_at: string;
}

declare module './types' {
  interface Database {
    discovered_devices: DiscoveredDeviceTable;
    device_credentials: DeviceCredentialTable;
  }
  interface DeviceTable {
    /** The device's data connection state as it reports it (the vendor's `connection`); null until reported. */
    connection_state: ColumnType<string | null, string | null | undefined>;
    /** The inputs as the device reports them (digital1, digital2: 0 or 1; analog as its text); null until reported. */
    digital_input: ColumnType<number | null, number | null | undefined>;
    digital_isolated_input: ColumnType<number | null, number | null | undefined>;
    analog_input: ColumnType<string | null, string | null | undefined>;
    /** The credit types the device's credits use, by license type (PUT /devices/credit); null while off. */
    management_credit_type_id: ColumnType<number | null, number | null | undefined>;
    data_credit_type_id: ColumnType<number | null, number | null | undefined>;
  }
}
