import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local service the test stops and starts, as an app's server goes away and comes back. While
 * `failEvery` is set, every n-th request of the ones it answers fails (503): two probe locations see it
 * differently.
 */
export class FixtureService {
  private server: Server | null = null;
  private port = 0;
  requests = 0;
  paths: string[] = [];
  failEvery = 0;

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const server = createServer((req, res) => {
      this.requests += 1;
      this.paths.push(req.url ?? '');
      const fail = this.failEvery > 0 && this.requests % this.failEvery === 0;
      res.writeHead(fail ? 503 : 200, { 'content-type': 'text/plain' });
      res.end(fail ? 'unavailable' : 'ok');
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
