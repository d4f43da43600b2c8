import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMailProvider } from './index.js';

describe('mail provider without SMTP_URL', () => {
  it('sends nothing and writes the message, link included, to the log with a clear note', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = Fastify({ logger: { stream: sink } }).log;
    const provider = createMailProvider(loadConfig({ NODE_ENV: 'test' }), log);
    expect(provider.name).toBe('log');
    await provider.send({
      to: 'ann@example.test',
      subject: 'Reset your Business Hub password',
      text: 'Open https://hub.example/reset-password?token=abc',
    });
    const entry = JSON.parse(lines[0]);
    expect(entry.msg).toContain('NO MAIL WAS SENT (SMTP_URL is not set)');
    expect(entry.msg).toContain('https://hub.example/reset-password?token=abc');
    expect(entry.to).toBe('ann@example.test');
  });

  it('uses SMTP when SMTP_URL is set', () => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://user:pass@mail.example:587' });
    expect(createMailProvider(config, Fastify().log).name).toBe('smtp');
  });
});
