import type { RemoteDevice } from './device';
import { PROMPT, runCommand } from './shell';

// An interactive session of the shell over a byte stream (an SSH channel with
// a terminal, a Telnet connection): the device echoes what is typed, edits the
// line (backspace, Ctrl-C, Ctrl-D) and runs it on Enter. Escape sequences
// (arrow keys) are dropped.

export interface LineSession {
  start(): void;
  input(data: Buffer): void;
}

const LINE_MAX = 1024;

export function lineSession(
  device: RemoteDevice,
  write: (text: string) => void,
  close: () => void,
  banner = `\r\nBusyBox built-in shell (ash) on ${device.name} (${device.serial})\r\nType 'help' for the commands.\r\n\r\n`,
): LineSession {
  let line = '';
  let escape = 0;
  let busy = false;
  let closed = false;
  const queue: Buffer[] = [];
  const prompt = () => write(PROMPT(device));
  const end = () => {
    closed = true;
    close();
  };

  async function run(command: string) {
    busy = true;
    const result = await runCommand(command, device).catch(() => ({ output: 'error', close: false }));
    if (result.output) write(`${result.output.replace(/\n/g, '\r\n')}\r\n`);
    busy = false;
    if (result.close) return end();
    prompt();
    drain();
  }

  function drain() {
    while (!busy && !closed && queue.length) feed(queue.shift()!);
  }

  function feed(data: Buffer) {
    for (let i = 0; i < data.length && !closed; i += 1) {
      const byte = data[i];
      if (busy) {
        queue.unshift(data.subarray(i));
        return;
      }
      if (escape === 1) {
        escape = byte === 0x5b || byte === 0x4f ? 2 : 0;
        continue;
      }
      if (escape === 2) {
        if (byte >= 0x40 && byte <= 0x7e) escape = 0;
        continue;
      }
      if (byte === 0x1b) escape = 1;
      else if (byte === 0x0d || byte === 0x0a) {
        if (byte === 0x0a && data[i - 1] === 0x0d) continue;
        write('\r\n');
        const command = line;
        line = '';
        void run(command);
      } else if (byte === 0x7f || byte === 0x08) {
        if (line.length) {
          line = line.slice(0, -1);
          write('\b \b');
        }
      } else if (byte === 0x03) {
        line = '';
        write('^C\r\n');
        prompt();
      } else if (byte === 0x04) {
        if (!line) {
          write('logout\r\n');
          end();
        }
      } else if (byte >= 0x20 && byte < 0x7f && line.length < LINE_MAX) {
        const char = String.fromCharCode(byte);
        line += char;
        write(char);
      }
    }
  }

  return {
    start() {
      write(banner);
      prompt();
    },
    input(data) {
      if (closed) return;
      if (busy) queue.push(data);
      else feed(data);
    },
  };
}
