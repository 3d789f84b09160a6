// The Telnet protocol's own commands on a relayed connection: the relay
// answers the device's option negotiation (it lets the device echo and
// suppress go-ahead, and refuses every other option) and keeps the commands
// out of the terminal; a 0xff byte typed goes as IAC IAC. The data itself
// passes untouched.

const IAC = 0xff;
const [WILL, WONT, DO, DONT, SB, SE] = [0xfb, 0xfc, 0xfd, 0xfe, 0xfa, 0xf0];
const [ECHO, SUPPRESS_GO_AHEAD] = [0x01, 0x03];

export interface TelnetFilter {
  /** Bytes from the device: the data for the terminal, and the answers for the device. */
  fromDevice(data: Buffer): { data: Buffer; reply: Buffer };
}

export function telnetFilter(): TelnetFilter {
  let state: 'data' | 'iac' | 'option' | 'sub' | 'sub-iac' = 'data';
  let verb = 0;
  return {
    fromDevice(input) {
      const data: number[] = [];
      const reply: number[] = [];
      for (const byte of input) {
        if (state === 'data') {
          if (byte === IAC) state = 'iac';
          else data.push(byte);
        } else if (state === 'iac') {
          if (byte === IAC) {
            data.push(IAC);
            state = 'data';
          } else if (byte >= WILL && byte <= DONT) {
            verb = byte;
            state = 'option';
          } else state = byte === SB ? 'sub' : 'data';
        } else if (state === 'option') {
          const wanted = byte === ECHO || byte === SUPPRESS_GO_AHEAD;
          if (verb === WILL) reply.push(IAC, wanted ? DO : DONT, byte);
          else if (verb === DO) reply.push(IAC, byte === SUPPRESS_GO_AHEAD ? WILL : WONT, byte);
          state = 'data';
        } else if (state === 'sub') {
          if (byte === IAC) state = 'sub-iac';
        } else state = byte === SE ? 'data' : 'sub';
      }
      return { data: Buffer.from(data), reply: Buffer.from(reply) };
    },
  };
}

/** Typed bytes for the device: a 0xff byte doubled. */
export function toDevice(data: Buffer): Buffer {
  if (!data.includes(IAC)) return data;
  const out: number[] = [];
  for (const byte of data) out.push(...(byte === IAC ? [IAC, IAC] : [byte]));
  return Buffer.from(out);
}
