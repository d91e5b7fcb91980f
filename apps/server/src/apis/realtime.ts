/**
 * `/api/realtime`: `GET` opens a server-sent event stream (first frame `PB_CONNECT` with the client id
 * as SSE id and data); `POST {clientId, subscriptions}` replaces that client's subscriptions and
 * captures the request's auth for it.
 *
 * The stream is written straight to the socket's response: one event can go to ten thousand
 * streams at once, and a stream object in between would double the work and the memory of each.
 * So the reply is taken over from Fastify after its request hooks have run (request id, CORS, auth),
 * and the headers its response hooks would add (the security headers) are written here.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import type { SseSink } from '../tools/sse/broker';
import { SECURITY_HEADERS } from './security-headers';

function sinkOf(response: ServerResponse): SseSink {
  return {
    write: (chunk) => response.write(chunk),
    end: () => response.end(),
    // Bytes the response holds plus those the socket has not taken yet.
    get bufferedBytes() {
      return response.writableLength;
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
    reply.hijack();
    const response = reply.raw;
    // What the request hooks set (request id, CORS), then the stream's own headers.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    response.writeHead(200, {
      ...headers,
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      // The socket goes with the stream, so a server shutting down need not wait for it to idle out.
      Connection: 'close',
    });
    const client = realtime.connect(sinkOf(response), request.ip);
    response.on('close', () => realtime.disconnect(client));
  });

  app.post('/api/realtime', async (request, reply) => {
    await realtime.subscribe(request.body, request.info.auth, request.ip);
    return reply.status(204).send();
  });
}
