import type { FastifyInstance } from 'fastify';

/** `GET /api/health` (HEAD answers too): a liveness probe for load balancers and the SDK's `health.check()`. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/health', () => ({ message: 'API is healthy.', code: 200, data: {} }));
}
