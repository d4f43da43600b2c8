/**
 * bench/content: through the real built server, signed in to the demo workspace,
 *  - offline generation: POST /api/generate-content (SEO optimize on, so the draft is audited and improved,
 *    then stored) one request at a time; target p99 < 50 ms;
 *  - streaming overhead: the time to the first token of POST /api/content/stream-draft minus the time to
 *    the first token of the same local OpenAI-speaking provider asked directly; target < 20 ms.
 * Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { startOpenAiTestServer } from '../test/support/openai-test-server.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const generations = Number(process.env.BENCH_CONTENT_GENERATIONS ?? 300);
const streams = Number(process.env.BENCH_CONTENT_STREAMS ?? 200);
const types = ['blog', 'social', 'email', 'landing', 'product'] as const;

const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99) };
};

async function offlineGeneration() {
  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
  try {
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
    const ms: number[] = [];
    for (let i = 0; i < generations + 20; i++) {
      const body = JSON.stringify({
        topic: `Bench topic ${i} for growing teams`,
        type: types[i % types.length],
      });
      const t = performance.now();
      const res = await fetch(`${server.baseUrl}/api/generate-content`, { method: 'POST', headers, body });
      await res.json();
      if (res.status !== 201) throw new Error(`generate-content: ${res.status}`);
      if (i >= 20) ms.push(performance.now() - t); // the first 20 warm up
    }
    return { requests: generations, ...figures(ms) };
  } finally {
    await server.stop();
  }
}

/** Milliseconds from sending `init` to the first `data: {` event of its answer. */
async function firstToken(url: string, init: RequestInit): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (!at && seen.includes('data: {')) at = performance.now() - t;
  }
  if (!at) throw new Error(`${url}: no token`);
  return at;
}

async function streamingOverhead() {
  const provider = await startOpenAiTestServer(() => ({
    kind: 'answer',
    content: '',
    deltas: ['# A title\n\n', 'The first paragraph.\n\n', '## More\n\nThe end.'],
  }));
  const server = await startBuiltServer({
    DEMO_SIGN_IN: 'true',
    OPENAI_BASE_URL: provider.baseUrl,
    OPENAI_API_KEY: 'sk-bench',
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
  });
  try {
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const direct: number[] = [];
    const through: number[] = [];
    const directInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'Topic: x' }] }),
    };
    const serverInit = {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Streaming bench', type: 'blog' }),
    };
    for (let i = 0; i < streams + 20; i++) {
      const a = await firstToken(`${provider.baseUrl}/chat/completions`, directInit);
      const b = await firstToken(`${server.baseUrl}/api/content/stream-draft`, serverInit);
      if (i >= 20) {
        direct.push(a);
        through.push(b);
      }
    }
    const overhead = through.map((b, i) => b - direct[i]);
    return {
      requests: streams,
      providerFirstToken: figures(direct),
      serverFirstToken: figures(through),
      overhead: figures(overhead),
    };
  } finally {
    await server.stop();
    await provider.close();
  }
}

async function main() {
  const offline = await offlineGeneration();
  const streaming = await streamingOverhead();
  console.log(
    JSON.stringify(
      {
        bench: 'content',
        offlineGeneration: { ...offline, targetP99Ms: 50, met: offline.p99Ms < 50 },
        streamingFirstTokenOverhead: {
          ...streaming,
          targetMs: 20,
          met: streaming.overhead.p99Ms < 20,
        },
      },
      null,
      2,
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
