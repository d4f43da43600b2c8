import type { AddressInfo } from 'node:net';
import { builtClientDir, createTestApp, type TestApp } from '../../test/test-app.js';

export interface TestServer {
  baseUrl: string;
  testApp: TestApp;
  close(): Promise<void>;
}

/**
 * The real app with the built client and job workers, listening on a free local port, on a database of its
 * own: browser files run two at a time (vitest.config.ts), and on one database a file's workers would take
 * the other's jobs and run them with their own configuration, both would seed the one demo workspace the
 * `-demo` screens show, and a screen listing "everything" would list the other file's rows.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; clock?: () => Date } = {},
): Promise<TestServer> {
  // Every browser of the run signs up from 127.0.0.1: the per-address sign-up limit would stop the run.
  const env = { SIGN_UP_LIMIT_PER_HOUR: '100000', ...options.env };
  const testApp = await createTestApp({
    clientDir: builtClientDir,
    workers: true,
    env,
    ownDatabase: true,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    testApp,
    close: () => testApp.close(),
  };
}
