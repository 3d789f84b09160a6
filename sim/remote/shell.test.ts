import { describe, expect, it, vi } from 'vitest';
import type { RemoteDevice } from './device';
import { lineSession } from './session';
import { runCommand } from './shell';

const device = (reboot = vi.fn()): RemoteDevice => ({
  serial: '1100000001',
  name: 'Vilnius RUT',
  getState: () => ({ uptime: 93_780, wanIp: '10.1.2.3', lanIp: '192.168.7.1' }),
  reboot,
});

describe('the simulated shell', () => {
  it('answers from the device state, never from the host', async () => {
    expect((await runCommand('echo  hello world', device())).output).toBe('hello world');
    expect((await runCommand('uptime', device())).output).toBe('up 1 day, 2:03');
    expect((await runCommand('ip addr', device())).output).toContain('inet 10.1.2.3/30');
    expect((await runCommand('uci show network', device())).output).toContain("network.lan.ipaddr='192.168.7.1'");
    expect((await runCommand('cat /etc/passwd', device())).output).toBe('-ash: cat: not found');
    expect((await runCommand('help', device())).output).toContain('ping -c <n> <host>');
  });

  it('pings a host the given number of times and refuses bad input', async () => {
    const { output } = await runCommand('ping -c 3 example.com', device());
    expect(output.match(/^64 bytes from example\.com/gm)).toHaveLength(3);
    expect(output).toContain('3 packets transmitted, 3 packets received');
    expect((await runCommand('ping -c 99 example.com', device())).output).toMatch(/^usage/);
    expect((await runCommand('ping -c 1 ex;ample', device())).output).toBe("ping: bad address 'ex;ample'");
  });

  it('reboots through the device and ends the session; exit ends it', async () => {
    const reboot = vi.fn();
    expect(await runCommand('reboot', device(reboot))).toMatchObject({ close: true });
    expect(reboot).toHaveBeenCalledOnce();
    expect(await runCommand('exit', device())).toEqual({ output: '', close: true });
  });

  it('echoes typed keys, edits the line and runs it on Enter', async () => {
    let screen = '';
    const close = vi.fn();
    const session = lineSession(device(), (text) => (screen += text), close, '');
    session.start();
    session.input(Buffer.from('echo hellx\x7fo\x1b[A\r'));
    await vi.waitFor(() => expect(screen).toContain('hello\r\n'));
    expect(screen).toContain('hellx\b \bo');
    session.input(Buffer.from('\x04'));
    expect(close).toHaveBeenCalledOnce();
  });
});
