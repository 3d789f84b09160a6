import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DocumentVersionAction } from '../../engine/schema/version-actions';
import type { FixtureDevice } from '../../fixtures/devices';
import type {
  AlertTokenTable,
  AutomationDeviceTable,
  DeviceAlertConfigurationTable,
  DeviceTaskTable,
  RemovedAlertTable,
} from './types-automations';
import type { CustomValueTable, DocumentDraftTable } from './types-designer';

// Table types of the reference database. Timestamps are ISO 8601 strings,
// booleans are 0/1 integers (SQLite), JSON values are stored as text.

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  level: number;
  payment_type: string;
  show_payment: number;
  remaining_data: number;
  created_at: string;
  updated_at: string;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  title: string;
  description: string | null;
  company_id: number | null;
  /** 1: acts on the own company and its subsidiaries; 0: own company only; 2: every company. */
  scope: number;
  created_at: string;
  updated_at: string;
}

export interface PermissionTable {
  id: Generated<number>;
  name: string;
  title: string;
  category: string;
  created_at: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  password_hash: string;
  company_id: number;
  role_id: number;
  email_verified: number;
  tos_accepted: number;
  mfa_type: string | null;
  mfa_secret: string | null;
  mfa_mandatory: number;
  external: number;
  impersonation_access_limit: string | null;
  country_iso_code: string | null;
  avatar_path: string | null;
  last_login_at: string | null;
  /** The last TOTP time step accepted (RFC 6238 §5.2). */
  totp_last_step: number | null;
  /** The user's time zone (IANA name) for every date the console shows or exports; null: the browser's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  user_id: number;
  impersonator_id: number | null;
  impersonation_log_id: number | null;
  refresh_hash: string;
  refresh_expires_at: string;
  impersonation_until: string | null;
  password_confirmed_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface MfaChallengeTable {
  id: string;
  user_id: number;
  method: string;
  code_hash: string | null;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

/** A refresh token rotated out of its session; presenting it again ends the session. */
export interface RetiredRefreshTokenTable {
  refresh_hash: string;
  session_id: string;
  retired_at: string;
}

/** A new e-mail address waiting for its verification code. */
export interface EmailChangeTable {
  user_id: number;
  email: string;
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
}

export interface StorageTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  value: string;
  created_at: string;
  updated_at: string;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  summary: string;
  created_at: string;
  seen_at: string | null;
}

export interface AnnouncementTable {
  id: Generated<number>;
  type: string;
  summary: string;
  created_at: string;
}

/** A device row: the fixture fleet's fields (one definition, fixtures/devices.ts) plus the server's own columns. */
export interface DeviceTable extends Omit<FixtureDevice, 'family'> {
  id: Generated<number>;
  family: string;
  credit_enabled: number;
  monitoring_enabled: number;
  updated_at: string;
  /** Set through PUT /devices (migration 060); null until then. */
  description: ColumnType<string | null, string | null | undefined>;
  dynamic_monitoring: ColumnType<number | null, number | null | undefined>;
  static_monitoring: ColumnType<number | null, number | null | undefined>;
  hotspot_monitoring: ColumnType<number | null, number | null | undefined>;
  io_monitoring: ColumnType<number | null, number | null | undefined>;
  gps_monitoring: ColumnType<number | null, number | null | undefined>;
  wireless_monitoring: ColumnType<number | null, number | null | undefined>;
  vpn_monitoring: ColumnType<number | null, number | null | undefined>;
  user_set_latitude: ColumnType<number | null, number | null | undefined>;
  user_set_longitude: ColumnType<number | null, number | null | undefined>;
  /** The device's password, encrypted (server/services/device-passwords.ts; migration 061); null if never set. */
  password: ColumnType<string | null, string | null | undefined>;
}

/** Devices per company and status, kept by triggers (PostgreSQL only, migration 131). */
export interface DeviceCountTable {
  company_id: number;
  status: number;
  devices: number;
}

export interface DevicePasswordTaskTable {
  /** A random hash (the OpenAPI's task id is a string). */
  id: string;
  company_id: number;
  user_id: number;
  total: number;
  completed: ColumnType<number, number | undefined>;
  created_at: string;
  updated_at: string;
}

export interface DevicePasswordTaskDeviceTable {
  task_id: string;
  device_id: number;
  /** pending, completed or failed. */
  status: string;
  /** Encrypted; kept after the task only when shown. */
  password: string | null;
  shown: number;
}

export interface TagTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  color: string | null;
  created_at: string;
  updated_at: string;
}

/** A tag's action (migration 166): what runs for a device given the tag. */
export interface TagActionTable {
  tag_id: number;
  /** firmware_upload, config_upload, execute_tasks_group or execute_mulficonfig_template. */
  action: string;
  /** The file, task group or configurator template the action uses. */
  source_id: number;
  created_at: string;
}

export interface DeviceTagTable {
  device_id: number;
  tag_id: number;
}

export interface InvitationTable {
  id: Generated<number>;
  kind: string;
  email: string;
  company_id: number;
  role_id: number | null;
  invited_by: number;
  bounce_status: string | null;
  created_at: string;
}

export interface CreditTypeTable {
  id: number;
  name: string;
  credit_type: string;
  payment_type: string;
  license_type: string;
}

export interface CreditTable {
  id: Generated<number>;
  company_id: number;
  credit_type_id: number;
  credit_count: number;
  credit_left: number;
  credit_price: number | null;
  pro_form_nr: string | null;
  assigned_at: string;
  expire_at: string | null;
}

export interface CreditCodeTable {
  id: Generated<number>;
  code: string;
  company_id: number;
  credit_type_id: number;
  amount: number;
  comment: string | null;
  email: string;
  is_used: number;
  used_by_company_id: number | null;
  used_by_user_id: number | null;
  activated_at: string | null;
  created_at: string;
}

export interface CompanyDataHistoryTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  data: number;
  credits_used: number;
  created_at: string;
}

export interface FileTable {
  id: Generated<number>;
  company_id: number;
  device_id: number | null;
  name: string;
  type: string;
  device_model: string | null;
  version: string | null;
  mime: string;
  content: Buffer;
  created_at: string;
  /** Set through PUT /files/{id} (migration 062). */
  description: ColumnType<string | null, string | null | undefined>;
}

export interface ApiSpecificationTable {
  id: Generated<number>;
  system: string;
  version: string;
  name: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface RemoteAccessTable {
  id: Generated<number>;
  device_id: number;
  company_id: number;
  name: string;
  protocol: string;
  destination_ip: string;
  destination_port: number;
  is_main: number;
  credentials_required: number;
  created_at: string;
  /** The account the relay signs in to the device with; never answered to a client. */
  username: string | null;
  /** Its password, encrypted (server/remote/credentials.ts). */
  password_secret: string | null;
}

export interface RemoteAccessHistoryTable {
  id: Generated<number>;
  remote_access_id: number;
  company_id: number;
  user_id: number;
  protocol: string;
  started_at: string;
  ended_at: string | null;
  /** webui, lan-webui or cli; null on rows from before RMS Connect sessions (typed by protocol). */
  type: string | null;
  /** The link token of an RMS Connect session. */
  token: string | null;
  expires_at: string | null;
  input_data: Generated<number>;
  output_data: Generated<number>;
}

/** A file operation of an RMS Connect session (SFTP: list, download, upload, mkdir, delete). */
export interface RemoteAccessOperationTable {
  id: Generated<number>;
  history_id: number;
  user_id: number | null;
  operation: string;
  path: string;
  size: Generated<number>;
  created_at: string;
}

export interface VpnHubTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  quick_hub: number;
  enabled: number;
  port: number;
  bytes_used: number;
  created_at: string;
  updated_at: string;
  /** The hub's address in its VPN network. */
  ip: Generated<string>;
  netmask: Generated<string>;
  zone: ColumnType<string | null, string | null | undefined>;
  description: ColumnType<string | null, string | null | undefined>;
  /** The tunnel its clients open: tap or tun (null: tun). */
  vpn_type: ColumnType<string | null, string | null | undefined>;
  /** When a hub turned on for a while switches off (ISO time; null: it stays as it is). */
  enabled_until: ColumnType<string | null, string | null | undefined>;
  /** The OpenVPN static key of client configurations (secret: never listed nor logged). */
  tls_key: ColumnType<string | null, string | null | undefined>;
}

export interface VpnHubDeviceTable {
  hub_id: number;
  device_id: number;
  /** Forwarding from the VPN to the device's LAN and WAN zones (0/1). */
  lan: Generated<number>;
  wan: Generated<number>;
  synced_at: ColumnType<string | null, string | null | undefined>;
}

export interface VpnHubRouteTable {
  id: Generated<number>;
  hub_id: number;
  /** The hub user (a vpn_hub_user record) the route goes through. */
  hub_user_id: number;
  name: string;
  ip: string;
  netmask: string;
  created_at: string;
}

export interface VpnHubDhcpOptionTable {
  hub_id: number;
  /** DNS or WINS. */
  type: string;
  ip: string;
}

export interface VpnHubUserLogTable {
  id: Generated<number>;
  hub_id: number;
  hub_user_id: number;
  session_bytes_send: number;
  session_bytes_received: number;
  /** When the session connected, and the client's public address (none on entries from before sessions). */
  connected_at: string | null;
  ip: string | null;
  /** When the session closed. */
  created_at: string;
}

/** An open session of an RMS or custom hub user (device clients follow their device's status). */
export interface VpnHubSessionTable {
  id: Generated<number>;
  hub_id: number;
  hub_user_id: number;
  ip: string;
  vpn_ip: string;
  bytes_send: ColumnType<number, number | undefined, number>;
  bytes_received: ColumnType<number, number | undefined, number>;
  connected_at: string;
}

export interface VpnHubTagTable {
  hub_id: number;
  tag_id: number;
}

export interface RemoteAccessTagTable {
  access_id: number;
  tag_id: number;
}

export interface ImpersonationLogTable {
  id: Generated<number>;
  impersonator_id: number;
  user_id: number;
  company_id: number;
  started_at: string;
  ended_at: string | null;
}

export interface MailLogTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  template: string;
  created_at: string;
}

export interface SuppressedEmailTable {
  email: string;
  reason: string;
  created_at: string;
}

/** Simple company-scoped records the pages list: task groups, reports, automations, configs, templates... */
export interface RecordTable {
  id: Generated<number>;
  kind: string;
  company_id: number;
  name: string;
  status: string | null;
  details: string;
  created_at: string;
  /** A bulk job's record of one device: the job and the device, unique (server/db/migrations-job-keys.ts). */
  job_key?: string | null;
}

export interface SecretTable {
  name: string;
  value: string;
}

export interface ApiTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** The first characters of the token, shown in the list to tell tokens apart. */
  prefix: string;
  /** Space-separated scopes ("devices:read tags:write"). */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
}

/** The published version of each document (kind: forms, prompts, lookups, pages, menus). */
export interface DocumentTable {
  kind: string;
  name: string;
  version: number;
  /** The document as JSON text. */
  body: string;
  etag: string;
  updated_at: string;
  updated_by: string;
}

export interface DocumentVersionTable {
  id: Generated<number>;
  kind: string;
  name: string;
  version: number;
  body: string;
  /** seed (a built-in file), publish or revert. */
  action: DocumentVersionAction;
  author_id: number | null;
  /** The author's e-mail, or "built-in" for the files under schemas/. */
  author: string;
  created_at: string;
}

export interface DocumentAuditTable {
  id: Generated<number>;
  kind: string;
  name: string;
  action: DocumentVersionAction;
  version: number;
  /** For a revert: the version restored. */
  from_version: number | null;
  actor_id: number | null;
  actor: string;
  ip: string | null;
  created_at: string;
}

/** A data collect config's devices (migration 100). */
export interface DataCollectAssignmentTable {
  config_id: number;
  device_id: number;
  period: number;
  enabled: number;
  updated_at: string;
}

/** A value a device collected for a config: one variable of one URL at one moment (migration 100). */
export interface DataCollectValueTable {
  id: Generated<number>;
  config_id: number;
  device_id: number;
  url: string;
  field: string;
  value: string;
  created_at: string;
}

/** What a device could not collect for a config: `log` is a JSON list of messages (migration 100). */
export interface DataCollectLogTable {
  id: Generated<number>;
  config_id: number;
  device_id: number;
  log: string;
  created_at: string;
}

/** Device dashboard images (migration 101). */
export interface ImageTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  description: string | null;
  type: string;
  mime: string;
  original_width: number;
  original_height: number;
  content: Buffer;
  thumbnail: Buffer;
  created_at: string;
  updated_at: string;
}

/** The configuration a device holds at one API path, as JSON (migration 102). */
export interface DeviceConfigurationTable {
  device_id: number;
  path: string;
  content: string;
  updated_at: string;
}

/** One configurator request sent to a device; an action groups the requests of one call (migration 102). */
export interface ConfiguratorLogTable {
  id: Generated<number>;
  device_id: number;
  action_name: string;
  display_name: string;
  method: string;
  route: string;
  request_message: string;
  response_message: string;
  response_code: number;
  request_state: string;
  duration: number;
  created_at: string;
}

export interface Database {
  companies: CompanyTable;
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  sessions: SessionTable;
  api_tokens: ApiTokenTable;
  mfa_challenges: MfaChallengeTable;
  retired_refresh_tokens: RetiredRefreshTokenTable;
  email_changes: EmailChangeTable;
  storage: StorageTable;
  notifications: NotificationTable;
  announcements: AnnouncementTable;
  devices: DeviceTable;
  device_counts: DeviceCountTable;
  device_password_tasks: DevicePasswordTaskTable;
  device_password_task_devices: DevicePasswordTaskDeviceTable;
  tags: TagTable;
  device_tags: DeviceTagTable;
  tag_actions: TagActionTable;
  invitations: InvitationTable;
  credit_types: CreditTypeTable;
  credits: CreditTable;
  credit_codes: CreditCodeTable;
  company_data_history: CompanyDataHistoryTable;
  files: FileTable;
  api_specifications: ApiSpecificationTable;
  remote_access: RemoteAccessTable;
  remote_access_tags: RemoteAccessTagTable;
  remote_access_history: RemoteAccessHistoryTable;
  remote_access_operations: RemoteAccessOperationTable;
  vpn_hubs: VpnHubTable;
  vpn_hub_tags: VpnHubTagTable;
  vpn_hub_devices: VpnHubDeviceTable;
  vpn_hub_routes: VpnHubRouteTable;
  vpn_hub_dhcp_options: VpnHubDhcpOptionTable;
  vpn_hub_user_logs: VpnHubUserLogTable;
  vpn_hub_sessions: VpnHubSessionTable;
  impersonation_logs: ImpersonationLogTable;
  mail_logs: MailLogTable;
  suppressed_emails: SuppressedEmailTable;
  records: RecordTable;
  secrets: SecretTable;
  documents: DocumentTable;
  document_versions: DocumentVersionTable;
  document_audit: DocumentAuditTable;
  data_collect_assignments: DataCollectAssignmentTable;
  data_collect_values: DataCollectValueTable;
  data_collect_logs: DataCollectLogTable;
  images: ImageTable;
  device_configurations: DeviceConfigurationTable;
  configurator_logs: ConfiguratorLogTable;
  automation_devices: AutomationDeviceTable;
  removed_alerts: RemovedAlertTable;
  alert_tokens: AlertTokenTable;
  device_alert_configurations: DeviceAlertConfigurationTable;
  device_tasks: DeviceTaskTable;
  custom_values: CustomValueTable;
  document_drafts: DocumentDraftTable;
}

export type User = Selectable<UserTable>;
export type Company = Selectable<CompanyTable>;
