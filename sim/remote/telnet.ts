import type { Socket } from 'node:net';
import type { DeviceCredentials, RemoteDevice } from './device';
import { lineSession } from './session';
import type { Listening } from './ssh';
import { listenTcp } from './tcp';

// The device's Telnet server: a login and password prompt, then the same
// shell as over SSH. The device echoes (it negotiates no options; option
// commands a client sends are dropped).

const IAC = 0xff;

/** The data without Telnet commands (IAC WILL/WONT/DO/DONT x, IAC SB … IAC SE, IAC IAC = 0xff). */
export function withoutCommands(data: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 1) {
    if (data[i] !== IAC) {
      out.push(data[i]);
      continue;
    }
    const command = data[i + 1];
    if (command === IAC) {
      out.push(IAC);
      i += 1;
    } else if (command >= 0xfb && command <= 0xfe) i += 2;
    else if (command === 0xfa) {
      const end = data.indexOf(Buffer.from([IAC, 0xf0]), i + 2);
      i = end < 0 ? data.length : end + 1;
    } else i += 1;
  }
  return Buffer.from(out);
}

function onConnection(socket: Socket, device: RemoteDevice, credentials: DeviceCredentials) {
  let stage: 'login' | 'password' | 'shell' = 'login';
  let typed = '';
  let username = '';
  let failures = 0;
  const write = (text: string) => socket.writable && socket.write(text);
  const shell = lineSession(device, write, () => socket.end());
  write(`${device.name} login: `);
  socket.on('data', (raw: Buffer) => {
    const data = withoutCommands(raw);
    if (stage === 'shell') return shell.input(data);
    for (const [index, byte] of data.entries()) {
      // What follows the password in the same packet is typed into the shell.
      if (stage === 'shell') return shell.input(data.subarray(index));
      if (byte === 0x0d || byte === 0x0a) {
        if (!typed && byte === 0x0a) continue;
        write('\r\n');
        if (stage === 'login') {
          username = typed;
          stage = 'password';
          write('Password: ');
        } else if (username === credentials.username && typed === credentials.password) {
          stage = 'shell';
          shell.start();
        } else {
          failures += 1;
          write('Login incorrect\r\n');
          if (failures >= 3) return void socket.end();
          stage = 'login';
          write(`${device.name} login: `);
        }
        typed = '';
      } else if ((byte === 0x7f || byte === 0x08) && typed) {
        typed = typed.slice(0, -1);
        if (stage === 'login') write('\b \b');
      } else if (byte >= 0x20 && byte < 0x7f && typed.length < 128) {
        typed += String.fromCharCode(byte);
        if (stage === 'login') write(String.fromCharCode(byte));
      }
    }
  });
}

export function listenTelnet(
  device: RemoteDevice,
  credentials: DeviceCredentials,
  host: string,
  port = 0,
): Promise<Listening> {
  return listenTcp(host, port, (socket) => onConnection(socket, device, credentials));
}
