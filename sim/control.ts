import { createHash } from 'node:crypto';
import type { ControlReply, ControlRequest } from '../server/devices/protocol';
import { esimCheck, portCheck, portScan } from './ports';
import type { SimulatedRouter } from './router';

// What a simulated router does with a control request
// (docs/devices-protocol.md): it answers `accepted` at once, then, per
// action, progress and a result or an error. A reboot's result comes when
// the router is back (with its new uptime), a firmware update reports its
// download's progress, installs and reboots, then answers with the new
// firmware; a configuration upload downloads and applies its file; a port
// scan answers its Ethernet ports and the LAN devices on them, a port check
// which of the asked ports it listens on (./ports.ts). A file
// is really downloaded from the link the request names and checked against
// its size and SHA-256 (error download_failed or verify_failed). The steps
// are returned as a plan (a reply, a pause, a download, a reboot), which
// the device's connection plays out.

export type Step =
  | { kind: 'reply'; reply: ControlReply }
  | { kind: 'wait'; ms: number }
  /** Publish every monitoring parameter the router has (update_metrics_data). */
  | { kind: 'publish-values' }
  /** Fetch the request's file; a failure answers its error and ends the plan. */
  | { kind: 'download'; url: string; size?: number; sha256?: string }
  /** Go silent (disconnect), come back when the router is up, then answer `result` with its uptime and firmware. */
  | { kind: 'restart'; firmware?: string };

/** Milliseconds between two progress steps of a firmware or configuration upload. */
export const PROGRESS_STEP_MS = 400;

const accepted = (id: string): Step => ({ kind: 'reply', reply: { v: 1, id, status: 'accepted' } });
const result = (id: string, value: Record<string, unknown>): Step => ({
  kind: 'reply',
  reply: { v: 1, id, status: 'result', result: value },
});
const error = (id: string, code: string, message: string): Step => ({
  kind: 'reply',
  reply: { v: 1, id, status: 'error', error: { code, message } },
});

function progress(id: string, message: string, percents = [0, 20, 40, 60, 80, 100]): Step[] {
  const steps: Step[] = [];
  for (const percent of percents)
    steps.push(
      { kind: 'reply', reply: { v: 1, id, status: 'progress', progress: percent, message } },
      { kind: 'wait', ms: PROGRESS_STEP_MS },
    );
  return steps;
}

/** The download step of a request's `url` (with its `size` and `sha256` when given); undefined without a URL. */
function downloadOf(args: Record<string, unknown>): Step | undefined {
  const { url, size, sha256 } = args;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return undefined;
  return {
    kind: 'download',
    url,
    size: typeof size === 'number' ? size : undefined,
    sha256: typeof sha256 === 'string' ? sha256 : undefined,
  };
}

/** Downloads a file and checks it; answers the error reply's code and message when it fails. */
export async function download(
  step: Extract<Step, { kind: 'download' }>,
): Promise<{ code: string; message: string } | undefined> {
  let body: Buffer;
  try {
    const response = await fetch(step.url, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) return { code: 'download_failed', message: `The download answered ${response.status}.` };
    body = Buffer.from(await response.arrayBuffer());
  } catch (failure) {
    return { code: 'download_failed', message: `The download failed: ${String(failure).slice(0, 200)}` };
  }
  const digest = createHash('sha256').update(body).digest('hex');
  if ((step.size !== undefined && body.length !== step.size) || (step.sha256 && digest !== step.sha256.toLowerCase()))
    return { code: 'verify_failed', message: 'The downloaded file does not match its size or SHA-256.' };
  return undefined;
}

/** The commands a simulated router runs and what each prints. */
function runCommand(router: SimulatedRouter, command: string, now: number): string | undefined {
  switch (command.trim()) {
    case 'uptime':
      return `up ${router.uptime(now)} seconds`;
    case 'uname -a':
      return `Linux ${router.name} 5.15.0 #0 SMP ${router.firmware} armv7l GNU/Linux`;
    case 'gsmctl -q':
      return router.profile.parameters.has('signal') ? `RSSI: ${router.read('signal', now)}` : undefined;
    case 'ping -c 1 8.8.8.8':
      return '1 packets transmitted, 1 packets received, 0% packet loss';
    default:
      return undefined;
  }
}

/** The steps a router takes for a request (its reply `accepted` first). */
export function planFor(router: SimulatedRouter, request: ControlRequest, now: number): Step[] {
  const { id, action, args } = request;
  switch (action) {
    case 'reboot':
      return [accepted(id), { kind: 'restart' }];
    case 'update_metrics_data':
      return [accepted(id), { kind: 'publish-values' }, result(id, { parameters: [...router.profile.parameters] })];
    case 'command': {
      const command = typeof args.command === 'string' ? args.command : '';
      const output = command ? runCommand(router, command, now) : undefined;
      if (output === undefined)
        return [accepted(id), error(id, 'unknown_command', `Unknown command: ${command.slice(0, 64)}`)];
      return [accepted(id), result(id, { output })];
    }
    case 'firmware_update': {
      const firmware = typeof args.firmware === 'string' && args.firmware ? args.firmware : undefined;
      const file = downloadOf(args);
      if (!firmware || !file) return [accepted(id), error(id, 'invalid_args', 'The firmware to install is missing.')];
      return [
        accepted(id),
        ...progress(id, 'Downloading firmware', [0]),
        file,
        ...progress(id, 'Installing firmware', [50, 75, 100]),
        { kind: 'restart', firmware },
      ];
    }
    case 'config_update': {
      const file = downloadOf(args);
      const inline = typeof args.configuration === 'object' && args.configuration !== null;
      if (!file && !inline) return [accepted(id), error(id, 'invalid_args', 'The configuration is missing.')];
      const fetch: Step[] = file ? [...progress(id, 'Downloading configuration', [0]), file] : [];
      return [
        accepted(id),
        ...fetch,
        ...progress(id, 'Applying configuration', [50, 100]),
        result(id, { applied: true }),
      ];
    }
    case 'port_scan':
      return [accepted(id), result(id, portScan(router))];
    case 'port_check': {
      const open = portCheck(router, args.ports);
      if (!open) return [accepted(id), error(id, 'invalid_args', 'The ports to check are missing.')];
      return [accepted(id), result(id, open)];
    }
    case 'esim_check':
      return [accepted(id), result(id, esimCheck(router))];
    default:
      return [error(id, 'unsupported_action', `Unsupported action: ${action}`)];
  }
}
