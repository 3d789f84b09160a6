// The browser's side of the terminal and desktop relay (server/remote/relay.ts):
// a websocket on this origin named by the link key; binary frames are the
// connection's bytes, text frames control messages. Once the device is
// connected (`ready`), a desktop hands the socket to noVNC, which takes its
// messages over; the close is heard either way.

export interface RelayHandlers {
  session(info: { expires_at: string; name: string; device_name: string }): void;
  /** The device is connected; `socket` carries its bytes from now on. */
  ready(socket: WebSocket): void;
  output(bytes: Uint8Array): void;
  closed(reason: string): void;
}

export interface RelayConnection {
  send(text: string): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

export function relayUrl(location: Pick<Location, 'protocol' | 'host'>, key: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/remote/relay?key=${encodeURIComponent(key)}`;
}

export function openRelay(
  key: string,
  size: { cols: number; rows: number },
  account: { username?: string; password?: string },
  handlers: RelayHandlers,
): RelayConnection {
  const socket = new WebSocket(relayUrl(window.location, key));
  const encoder = new TextEncoder();
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => socket.send(JSON.stringify({ type: 'start', ...size, ...account }));
  socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data !== 'string') return handlers.output(new Uint8Array(event.data));
    const message = JSON.parse(event.data) as { type: string } & Record<string, string>;
    if (message.type === 'session') handlers.session(message as never);
    if (message.type === 'ready') handlers.ready(socket);
  };
  socket.addEventListener('close', (event) => handlers.closed(event.reason));
  return {
    send: (text) => socket.readyState === WebSocket.OPEN && socket.send(encoder.encode(text)),
    resize: (cols, rows) =>
      socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: 'resize', cols, rows })),
    close: () => socket.close(),
  };
}
