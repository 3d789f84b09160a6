import { parseArgs } from 'node:util';
import { startRemoteServices, type RemoteDevice } from './index';

// The remote services of one simulated router on their own, for trying RMS
// Connect on one machine (docs/remote-access.md):
//   npx tsx sim/remote/main.ts --name "Demo RUT" --ssh-port 2222 --telnet-port 2323 --http-port 8081 --vnc-port 5900
// prints the addresses as JSON; point a remote access entry at them.

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'Simulated RUT' },
    serial: { type: 'string', default: '1100000001' },
    host: { type: 'string', default: '127.0.0.1' },
    'ssh-port': { type: 'string', default: '2222' },
    'telnet-port': { type: 'string', default: '2323' },
    'http-port': { type: 'string', default: '8081' },
    'vnc-port': { type: 'string', default: '5900' },
    username: { type: 'string', default: 'root' },
    password: { type: 'string', default: 'admin01' },
  },
});

let startedAt = Date.now();
const device: RemoteDevice = {
  name: values.name,
  serial: values.serial,
  getState: () => ({
    uptime: (Date.now() - startedAt) / 1000,
    status: 'online',
    wanIp: '10.0.0.2',
    lanIp: '192.168.1.1',
  }),
  reboot: () => {
    startedAt = Date.now();
    console.log(`${values.name} rebooted`);
  },
};

const services = await startRemoteServices(device, {
  host: values.host,
  credentials: { username: values.username, password: values.password },
  ports: {
    ssh: Number(values['ssh-port']),
    telnet: Number(values['telnet-port']),
    http: Number(values['http-port']),
    vnc: Number(values['vnc-port']),
  },
});
console.log(
  JSON.stringify({
    ssh: services.ssh,
    telnet: services.telnet,
    http: services.http,
    vnc: services.vnc,
    sftpRoot: services.sftpRoot,
  }),
);
const stop = () => void services.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
