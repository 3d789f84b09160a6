import { connect as connectTcp } from 'node:net';
import ssh2 from 'ssh2';
import { telnetFilter, toDevice } from './telnet';

// The relay's connection to the device: an SSH shell (ssh2's Client, signed
// in with the entry's account) or a plain TCP connection (Telnet, with its
// option negotiation answered; VNC, untouched). Bytes go both ways as they
// are; nothing here reads or logs them.

export interface Target {
  host: string;
  port: number;
}

export interface DeviceEvents {
  ready(): void;
  data(chunk: Buffer): void;
  /** The connection ended (`reason` for the user); called once. */
  closed(reason: string): void;
}

export interface DeviceStream {
  write(data: Buffer): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  end(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;

function once(events: DeviceEvents): DeviceEvents {
  let closed = false;
  return {
    ready: () => !closed && events.ready(),
    data: (chunk) => !closed && events.data(chunk),
    closed: (reason) => {
      if (closed) return;
      closed = true;
      events.closed(reason);
    },
  };
}

export function openSsh(
  target: Target,
  account: { username: string; password: string },
  size: { cols: number; rows: number },
  listener: DeviceEvents,
): DeviceStream {
  const events = once(listener);
  const client = new ssh2.Client();
  let channel: ssh2.ClientChannel | null = null;
  /** Keys typed before the shell opened. */
  const pending: Buffer[] = [];
  client.on('ready', () => {
    client.shell({ term: 'xterm-256color', ...size }, (error, stream) => {
      if (error) return events.closed('The device refused to open a shell.');
      channel = stream;
      events.ready();
      for (const data of pending.splice(0)) stream.write(data);
      stream.on('data', (chunk: Buffer) => events.data(chunk));
      stream.stderr.on('data', (chunk: Buffer) => events.data(chunk));
      stream.on('close', () => {
        events.closed('The device closed the connection.');
        client.end();
      });
    });
  });
  client.on('error', (error: Error & { level?: string }) =>
    events.closed(
      error.level === 'client-authentication'
        ? 'The device refused the credentials.'
        : `Could not connect to the device (${error.message}).`,
    ),
  );
  client.on('close', () => events.closed('The device closed the connection.'));
  client.connect({
    host: target.host,
    port: target.port,
    username: account.username,
    password: account.password,
    readyTimeout: CONNECT_TIMEOUT_MS,
    keepaliveInterval: 15_000,
    // The device's host key is not known to the console (RMS Connect does not pin it either).
    hostVerifier: () => true,
  });
  return {
    write: (data) => (channel ? channel.write(data) : pending.push(data)),
    resize: (cols, rows) => channel?.setWindow(rows, cols, 0, 0),
    pause: () => channel?.pause(),
    resume: () => channel?.resume(),
    end: () => {
      events.closed('The session was closed.');
      client.end();
    },
  };
}

export function openTcp(target: Target, telnet: boolean, listener: DeviceEvents): DeviceStream {
  const events = once(listener);
  const socket = connectTcp({ host: target.host, port: target.port, timeout: CONNECT_TIMEOUT_MS });
  const filter = telnet ? telnetFilter() : null;
  socket.setNoDelay(true);
  socket.once('connect', () => {
    socket.setTimeout(0);
    events.ready();
  });
  socket.on('timeout', () => socket.destroy(new Error('timed out')));
  socket.on('data', (chunk: Buffer) => {
    if (!filter) return events.data(chunk);
    const { data, reply } = filter.fromDevice(chunk);
    if (reply.length) socket.write(reply);
    if (data.length) events.data(data);
  });
  socket.on('error', (error) => events.closed(`Could not connect to the device (${error.message}).`));
  socket.on('close', () => events.closed('The device closed the connection.'));
  return {
    write: (data) => socket.write(filter ? toDevice(data) : data),
    resize: () => undefined,
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    end: () => {
      events.closed('The session was closed.');
      socket.destroy();
    },
  };
}
