import { encodeRequest, isFinal, type Action, type ControlReply } from './protocol';

// The server side of the control channel (docs/devices-protocol.md): a
// request is published (QoS 1) and published again with the same id every
// resendMs until the device accepts it, at most `sends` times; then the
// device has the action's deadline to send its final reply. Each request
// ends with exactly one outcome: done, failed or timed_out. Replies for
// unknown or finished ids, or from another serial, change nothing.

export type Outcome = 'done' | 'failed' | 'timed_out';

export interface ActionUpdate {
  outcome: 'accepted' | 'progress' | Outcome;
  progress?: number;
  message?: string;
  result?: Record<string, unknown>;
}

export interface ControlTimeouts {
  resendMs: number;
  sends: number;
  /** After `accepted`, per action. */
  deadlineMs: Record<Action, number>;
}

export const CONTROL_TIMEOUTS: ControlTimeouts = {
  resendMs: 5000,
  sends: 3,
  deadlineMs: {
    update_metrics_data: 30_000,
    command: 60_000,
    reboot: 180_000,
    config_update: 300_000,
    firmware_update: 1_800_000,
    port_scan: 30_000,
    port_check: 15_000,
    esim_check: 15_000,
  },
};

interface Request {
  serial: string;
  accepted: boolean;
  timer?: NodeJS.Timeout;
  update: (update: ActionUpdate) => void;
  finish: (update: ActionUpdate & { outcome: Outcome }) => void;
}

export class ControlChannel {
  private readonly requests = new Map<string, Request>();

  constructor(
    private readonly publish: (serial: string, payload: string) => Promise<void>,
    private readonly log: (message: string) => void,
    private readonly timeouts: ControlTimeouts = CONTROL_TIMEOUTS,
  ) {}

  /** Sends an action and answers its final outcome; `onUpdate` hears accepted and progress on the way. */
  send(
    serial: string,
    id: string,
    action: Action,
    args: Record<string, unknown>,
    onUpdate: (update: ActionUpdate) => void = () => undefined,
  ): Promise<ActionUpdate & { outcome: Outcome }> {
    const payload = encodeRequest(id, action, args);
    return new Promise((resolve) => {
      const request: Request = {
        serial,
        accepted: false,
        update: (update) => {
          if (update.outcome === 'accepted' && !request.accepted) {
            request.accepted = true;
            clearTimeout(request.timer);
            request.timer = setTimeout(
              () => request.finish({ outcome: 'timed_out', message: 'The device did not finish in time.' }),
              this.timeouts.deadlineMs[action],
            );
          }
          onUpdate(update);
        },
        finish: (final) => {
          clearTimeout(request.timer);
          this.requests.delete(id);
          resolve(final);
        },
      };
      this.requests.set(id, request);
      let sends = 0;
      const attempt = () => {
        if (request.accepted || !this.requests.has(id)) return;
        if (sends === this.timeouts.sends) {
          request.finish({ outcome: 'timed_out', message: 'The device did not accept the request.' });
          return;
        }
        sends += 1;
        this.publish(serial, payload).catch((error: unknown) => this.log(`control request ${id}: ${String(error)}`));
        request.timer = setTimeout(attempt, this.timeouts.resendMs);
      };
      attempt();
    });
  }

  /** A reply that arrived on `serial`'s reply topic. */
  reply(serial: string, reply: ControlReply): void {
    const request = this.requests.get(reply.id);
    if (!request) return;
    if (request.serial !== serial) {
      this.log(`control reply for request ${reply.id} of device ${request.serial} came from ${serial}: ignored`);
      return;
    }
    if (reply.status === 'accepted') {
      if (!request.accepted) request.update({ outcome: 'accepted' });
      return;
    }
    if (reply.status === 'progress') {
      // A progress reply implies acceptance (the accepted reply may have been lost).
      if (!request.accepted) request.update({ outcome: 'accepted' });
      request.update({ outcome: 'progress', progress: reply.progress, message: reply.message });
      return;
    }
    if (isFinal(reply.status))
      request.finish(
        reply.status === 'result'
          ? { outcome: 'done', result: reply.result }
          : { outcome: 'failed', message: reply.error.message || reply.error.code },
      );
  }

  /** Ends every open request as timed out (shutdown). */
  close(): void {
    for (const request of [...this.requests.values()])
      request.finish({ outcome: 'timed_out', message: 'The server stopped.' });
  }
}
