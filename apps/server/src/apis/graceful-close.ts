/**
 * A clean shutdown that never waits on a connection that carries no request. Node's server.close()
 * (with Fastify's `forceCloseConnections: 'idle'`) ends keep-alive connections that sit between
 * requests, but not one on which no request has started yet, and not one that becomes idle after
 * close() was called. Realtime clients reconnect the moment their stream ends, so during a shutdown
 * such connections are common, and each would hold the close up until its client gives up. Here
 * every connection's requests in flight are counted; once closing, a connection with none is ended
 * at once, and one with some is ended as soon as its last answer is sent.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function registerGracefulClose(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  let closing = false;

  const endIfIdle = (socket: Socket) => {
    if (closing && (inFlight.get(socket) ?? 0) === 0) socket.destroy();
  };

  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    endIfIdle(socket);
  });
  app.server.on(
    'request',
    (request: { socket: Socket }, response: { once(e: 'close', f: () => void): void }) => {
      const socket = request.socket;
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
      response.once('close', () => {
        if (!inFlight.has(socket)) return;
        inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1));
        endIfIdle(socket);
      });
    },
  );
  // preClose runs right before the server stops listening (onClose would be too late: it runs after
  // every connection has ended).
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of [...inFlight.keys()]) endIfIdle(socket);
    done();
  });
}
