import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../../../test/support/s3-test-server.js';
import { s3Storage } from './s3-storage.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});

const partSize = 5 * 1024 * 1024;
const storage = () =>
  s3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'unit/',
    partSize,
  });

async function put(key: string, pieces: Buffer[]) {
  const upload = await storage().create(key);
  for (const piece of pieces) upload.stream.write(piece);
  await new Promise<void>((resolve, reject) => upload.stream.end(() => resolve()).once('error', reject));
  return upload;
}

describe('s3Storage against the local S3 server', () => {
  it('a file just over one part: the bytes written after the part was handed over are in the object', async () => {
    // The second write crosses the part size; the tail comes while CreateMultipartUpload is in flight.
    const pieces = [
      randomBytes(partSize - 10)
        .toString('hex')
        .slice(0, partSize - 10),
      'x'.repeat(20),
      'tail',
    ].map((p) => Buffer.from(p));
    const upload = await put('1/just-over.bin', pieces);
    expect(await s3.objects()).not.toContain('unit/1/just-over.bin');
    await upload.commit();
    const opened = await storage().open('1/just-over.bin');
    expect(opened?.size).toBe(Buffer.concat(pieces).length);
    expect(await text(opened?.stream as NodeJS.ReadableStream)).toBe(Buffer.concat(pieces).toString());
    expect(await s3.openUploads()).toBe(0);
  });

  it('a small file is one PUT at commit; abort leaves nothing; a missing key opens as null', async () => {
    s3.requests.length = 0;
    const small = await put('2/small.bin', [Buffer.from('hello')]);
    expect(s3.requests).toEqual([]);
    await small.commit();
    expect(s3.requests.map((r) => r.operation)).toEqual(['PutObject']);
    const big = await put('2/aborted.bin', [Buffer.alloc(partSize + 1)]);
    await big.abort();
    expect(await s3.objects()).not.toContain('unit/2/aborted.bin');
    expect(await s3.openUploads()).toBe(0);
    expect(await storage().open('2/aborted.bin')).toBeNull();
    await storage().remove('2/small.bin');
    expect(await s3.objects()).not.toContain('unit/2/small.bin');
  });
});
