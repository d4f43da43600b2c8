import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.js';
import { type CaptureServer, maxCaptureBytes, readWithin, startCaptureServer } from './capture-server.js';

let capture: CaptureServer;
const t = useTestApp();
beforeAll(async () => {
  capture = await startCaptureServer(t.app.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await capture.close();
});

/** A message of `count` 1 KB chunks, produced as they are read; `produced` counts them. */
function message(count: number) {
  const state = { produced: 0 };
  const stream = new Readable({
    read() {
      // One chunk per turn of the event loop, as from a socket.
      setImmediate(() => {
        state.produced += 1;
        this.push(state.produced <= count ? Buffer.alloc(1024, 'a') : null);
      });
    },
  });
  return { stream, state };
}

describe('the capture SMTP server and message size', () => {
  it('gives up on a message the moment it passes the limit, without keeping or waiting for the rest', async () => {
    const { stream, state } = message(1000);
    const refused = await readWithin(stream, 3 * 1024).then((kept) => ({ kept, readSoFar: state.produced }));
    expect(refused).toEqual({ kept: null, readSoFar: 4 });
    const small = message(3);
    expect((await readWithin(small.stream, 3 * 1024))?.length).toBe(3 * 1024);
  });

  it('advertises SIZE and refuses a declared oversize message at MAIL FROM', async () => {
    const socket = net.connect(capture.port, '127.0.0.1');
    let received = '';
    const reply = (code: string) =>
      new Promise<string>((resolve) => {
        const check = () => {
          const line = received.split('\r\n').find((l) => l.startsWith(`${code} `));
          if (line) {
            const text = received;
            received = '';
            socket.off('data', onData);
            resolve(text);
          }
        };
        const onData = (chunk: Buffer) => {
          received += chunk.toString();
          check();
        };
        socket.on('data', onData);
        check();
      });
    await reply('220');
    socket.write('EHLO tester\r\n');
    expect(await reply('250')).toContain(`SIZE ${maxCaptureBytes}`);
    socket.write(`MAIL FROM:<a@b.test> SIZE=${maxCaptureBytes + 1}\r\n`);
    expect(await reply('552')).toMatch(/^552 /m);
    socket.end();
  });
});
