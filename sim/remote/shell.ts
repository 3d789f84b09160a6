import type { RemoteDevice } from './device';

// The simulated router's shell: a handful of commands answered from the
// device's simulated state. No host shell, no host files: every answer is
// text made here.

export interface CommandResult {
  output: string;
  /** The session ends after the output (exit, reboot). */
  close?: boolean;
}

export const PROMPT = (device: RemoteDevice) => `root@${device.name.replace(/\s+/g, '-')}:~# `;

const HELP = [
  'Commands:',
  '  help                 this list',
  '  echo <text>          print the text',
  '  uptime               time since the device started',
  '  ip addr              the network interfaces',
  '  uci show network     the network configuration',
  '  ping -c <n> <host>   send n echo requests (n at most 10)',
  '  reboot               restart the device',
  '  exit                 end the session',
].join('\n');

function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return `${days ? `${days} day${days === 1 ? '' : 's'}, ` : ''}${hours}:${String(minutes).padStart(2, '0')}`;
}

function addresses(device: RemoteDevice) {
  const state = device.getState();
  return { lan: state.lanIp ?? '192.168.1.1', wan: state.wanIp ?? '10.0.0.2', mac: state.mac ?? '00:1e:42:00:00:01' };
}

function ipAddr(device: RemoteDevice): string {
  const { lan, wan, mac } = addresses(device);
  return [
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN',
    '    inet 127.0.0.1/8 scope host lo',
    `2: br-lan: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP`,
    `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
    `    inet ${lan}/24 brd ${lan.replace(/\d+$/, '255')} scope global br-lan`,
    `3: wwan0: <POINTOPOINT,UP,LOWER_UP> mtu 1500 state UP`,
    `    inet ${wan}/30 scope global wwan0`,
  ].join('\n');
}

function uciNetwork(device: RemoteDevice): string {
  const { lan } = addresses(device);
  return [
    'network.loopback=interface',
    "network.loopback.device='lo'",
    "network.loopback.proto='static'",
    "network.loopback.ipaddr='127.0.0.1'",
    'network.lan=interface',
    "network.lan.device='br-lan'",
    "network.lan.proto='static'",
    `network.lan.ipaddr='${lan}'`,
    "network.lan.netmask='255.255.255.0'",
    'network.mob1s1a1=interface',
    "network.mob1s1a1.proto='wwan'",
    "network.mob1s1a1.modem='1-1'",
  ].join('\n');
}

const HOST = /^[A-Za-z0-9.-]{1,253}$/;

/** `ping -c N host`: N answers, their times derived from the host's name (deterministic). */
function ping(args: string[]): string {
  let count = 3;
  const rest = [...args];
  const c = rest.indexOf('-c');
  if (c >= 0) {
    count = Number(rest[c + 1]);
    rest.splice(c, 2);
  }
  const host = rest[0];
  if (!host || rest.length !== 1 || !Number.isInteger(count) || count < 1 || count > 10)
    return 'usage: ping -c <count 1-10> <host>';
  if (!HOST.test(host)) return `ping: bad address '${host}'`;
  const base = [...host].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 40;
  const lines = [`PING ${host}: 56 data bytes`];
  const times: number[] = [];
  for (let seq = 0; seq < count; seq += 1) {
    const time = 10 + base + ((seq * 7) % 5) + 0.123;
    times.push(time);
    lines.push(`64 bytes from ${host}: seq=${seq} ttl=57 time=${time.toFixed(3)} ms`);
  }
  const min = Math.min(...times).toFixed(3);
  const max = Math.max(...times).toFixed(3);
  const avg = (times.reduce((a, b) => a + b, 0) / count).toFixed(3);
  lines.push('', `--- ${host} ping statistics ---`);
  lines.push(`${count} packets transmitted, ${count} packets received, 0% packet loss`);
  lines.push(`round-trip min/avg/max = ${min}/${avg}/${max} ms`);
  return lines.join('\n');
}

/** Runs one command line of the shell. */
export async function runCommand(line: string, device: RemoteDevice): Promise<CommandResult> {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const [command, ...args] = words;
  switch (command) {
    case undefined:
      return { output: '' };
    case 'help':
      return { output: HELP };
    case 'echo':
      return { output: line.trim().slice(4).trim() };
    case 'uptime':
      return { output: `up ${duration(device.getState().uptime)}` };
    case 'ip':
      return args[0] === 'addr' || args[0] === 'a' ? { output: ipAddr(device) } : { output: 'usage: ip addr' };
    case 'uci':
      return args[0] === 'show' && args[1] === 'network'
        ? { output: uciNetwork(device) }
        : { output: 'usage: uci show network' };
    case 'ping':
      return { output: ping(args) };
    case 'reboot':
      await device.reboot();
      return { output: 'The system is going down for reboot NOW!', close: true };
    case 'exit':
    case 'logout':
      return { output: '', close: true };
    default:
      return { output: `-ash: ${command.slice(0, 64)}: not found` };
  }
}
