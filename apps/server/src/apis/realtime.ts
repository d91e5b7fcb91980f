/**
 * `/api/realtime`: `GET` opens a server-sent event stream (first frame `PB_CONNECT` with the client id
 * as SSE id and data); `POST {clientId, subscriptions}` replaces that client's subscriptions and
 * captures the request's auth for it. The stream is an ordinary Fastify stream reply, so the usual
 * response hooks (CORS, security headers, request id) apply to it too.
 */
import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import type { SseSink } from '../tools/sse/broker';

function sinkOf(stream: PassThrough, response: ServerResponse): SseSink {
  return {
    write: (chunk) => stream.write(chunk),
    end: () => stream.end(),
    // Bytes waiting in our stream plus those the socket has not taken yet.
    get bufferedBytes() {
      return stream.writableLength + stream.readableLength + response.writableLength;
    },
  };
}

export function registerRealtimeRoutes(app: FastifyInstance, core: Core): void {
  const realtime = core.realtime;
  realtime.setErrorReporter((error, message) => app.log.error({ err: error }, message));

  // Open streams would keep `close()` waiting for their lifetime; end them first.
  app.addHook('preClose', (done) => {
    realtime.closeStreams();
    done();
  });

  // A HEAD would open a stream nobody reads, so only GET is routed.
  app.get('/api/realtime', { exposeHeadRoute: false }, (request, reply) => {
    const stream = new PassThrough();
    const client = realtime.connect(sinkOf(stream, reply.raw), request.ip);
    reply.raw.on('close', () => realtime.disconnect(client));
    stream.on('close', () => realtime.disconnect(client));
    return (
      reply
        .header('Content-Type', 'text/event-stream')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        // The socket goes with the stream, so a server shutting down need not wait for it to idle out.
        .header('Connection', 'close')
        .send(stream)
    );
  });

  app.post('/api/realtime', async (request, reply) => {
    realtime.subscribe(request.body, request.info.auth, request.ip);
    return reply.status(204).send();
  });
}
