/**
 * A local stand-in for the external profile site (PRODUCT.md §11): answers the server's
 * `POST {CF_VERIFY_URL} {"code": …}` with `{"valid": true, "username": …}` for the codes it knows and
 * `{"valid": false}` for any other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExternalSite {
  url: string;
  close(): Promise<void>;
}

export async function startExternalSite(codes: Record<string, string>): Promise<ExternalSite> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const { code } = JSON.parse(raw || '{}') as { code?: string };
      const username = code ? codes[code] : undefined;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(username ? { valid: true, username } : { valid: false }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/verify`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
