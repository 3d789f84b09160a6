import { randomBytes } from 'node:crypto';

// OpenVPN client configuration files of VPN hubs: one text per hub user (or
// per quick hub), derived from the hub's stored settings: its server address
// and port, its network, its routes and DHCP options, and its static key.

export interface HubSettings {
  name: string;
  port: number;
  ip: string;
  netmask: string;
  zone: string | null;
  vpn_type: string | null;
  tls_key: string;
}

export interface ConfigExtras {
  routes: { ip: string; netmask: string }[];
  dhcp: { type: string; ip: string }[];
}

/** A new OpenVPN static key (2048 bits) in the format `openvpn --genkey` writes. */
export function newStaticKey(): string {
  const hex = randomBytes(256).toString('hex');
  const lines = hex.match(/.{32}/g)!;
  return ['-----BEGIN OpenVPN Static key V1-----', ...lines, '-----END OpenVPN Static key V1-----'].join('\n');
}

/** A file name from a hub and a client name: letters, digits, dots, dashes and underscores only. */
export function configName(...parts: string[]): string {
  const safe = parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'vpn');
  return `${safe.join('-')}.ovpn`;
}

/** The client configuration of a hub for one client (`client` names it in the header). */
export function clientConfig(host: string, hub: HubSettings, client: string, extras: ConfigExtras): string {
  const lines = [
    `# ${hub.name}: ${client}`,
    ...(hub.zone ? [`# zone ${hub.zone}`] : []),
    `# hub network ${hub.ip} ${hub.netmask}`,
    'client',
    `dev ${hub.vpn_type ?? 'tun'}`,
    'proto udp',
    `remote ${host} ${hub.port}`,
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    'cipher AES-256-GCM',
    'verb 3',
    ...extras.routes.map((r) => `route ${r.ip} ${r.netmask}`),
    ...extras.dhcp.map((o) => `dhcp-option ${o.type} ${o.ip}`),
    '<tls-crypt>',
    hub.tls_key,
    '</tls-crypt>',
  ];
  return `${lines.join('\n')}\n`;
}
