import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { Listening } from './ssh';

/** A TCP server on `host:port` (0: a free port) handing each connection to `onConnection`; close() ends them all. */
export function listenTcp(host: string, port: number, onConnection: (socket: Socket) => void): Promise<Listening> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    onConnection(socket);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({
        host,
        port: (server.address() as AddressInfo).port,
        connections: () => sockets.size,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
