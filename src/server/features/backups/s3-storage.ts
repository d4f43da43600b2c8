import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { BackupStorage, BackupUpload } from './storage.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `business-hub/`. */
  prefix: string;
  /** Bytes buffered per multipart part; S3 wants at least 5 MiB for every part but the last. */
  partSize: number;
}

/** What a bucket answered, without the request: the signed headers never travel with an error. */
export class S3Error extends Error {
  constructor(
    message: string,
    readonly operation: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

interface S3Request {
  method: string;
  body?: Buffer;
  headers?: Record<string, string>;
}

const emptySha256 = createHash('sha256').digest('hex');

function xmlValue(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match ? match[1] : null;
}

/**
 * An S3-compatible bucket. Requests are signed with SigV4 by aws4fetch and sent with Node's own
 * `fetch`, not the guarded outbound client: that client is for URLs users give (this endpoint is the
 * operator's configuration), and it buffers whole answers under a size cap and sends only string
 * bodies, while a backup's download is streamed and can be gigabytes.
 *
 * Upload: bytes are buffered up to `partSize`; a file that stays below it is one PUT made on `commit`,
 * a larger one a multipart upload (one part in flight while the next fills, so memory stays about two
 * parts) completed on `commit` and aborted on `abort`. Either way no object exists under the key before
 * `commit`, and a kill -9 leaves at most an unfinished multipart upload, which the bucket never lists.
 */
export function s3Storage(settings: S3Settings): BackupStorage {
  const aws = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // aws4fetch retries an answer of 5xx or 429, with backoff; a network error is not retried.
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = settings.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  const urlOf = (key: string, query = '') =>
    `${base}/${`${settings.prefix}${key}`.split('/').map(encodeURIComponent).join('/')}${query}`;

  /** Never repeats a credential, whatever a bucket or a network error says. */
  const redact = (text: string) =>
    [settings.secretAccessKey, settings.accessKeyId]
      .filter((secret) => secret.length >= 4)
      .reduce((t, secret) => t.replaceAll(secret, '***'), text);

  async function send(operation: string, url: string, init: S3Request): Promise<Response> {
    let response: Response;
    try {
      response = await aws.fetch(url, {
        method: init.method,
        headers: {
          ...init.headers,
          'x-amz-content-sha256': init.body
            ? createHash('sha256').update(init.body).digest('hex')
            : emptySha256,
        },
        // A Buffer is a Uint8Array over an ArrayBuffer (never a shared one) here.
        ...(init.body ? { body: init.body as Uint8Array<ArrayBuffer> } : {}),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new S3Error(
        redact(
          `The backup bucket at ${endpoint.origin} could not be reached for ${operation} (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
        ),
        operation,
        null,
      );
    }
    return response;
  }

  async function refused(operation: string, response: Response): Promise<S3Error> {
    const text = await response.text().catch(() => '');
    const code = xmlValue(text, 'Code');
    const message = xmlValue(text, 'Message');
    const detail = [code, message].filter(Boolean).join(': ');
    return new S3Error(
      redact(
        `The backup bucket refused ${operation} with HTTP ${response.status}${detail ? ` (${detail})` : ''}.`,
      ),
      operation,
      response.status,
    );
  }

  async function call(operation: string, url: string, init: S3Request): Promise<Response> {
    const response = await send(operation, url, init);
    if (!response.ok) throw await refused(operation, response);
    return response;
  }

  function upload(key: string): BackupUpload {
    let chunks: Buffer[] = [];
    let buffered = 0;
    let uploadId: string | null = null;
    const parts: { number: number; etag: string }[] = [];
    // Counted when a part is handed over, before its upload (or the CreateMultipartUpload) is answered.
    let partsStarted = 0;
    let inFlight: Promise<void> = Promise.resolve();
    let failure: Error | null = null;

    const takeBuffer = () => {
      const data = Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
      return data;
    };

    const uploadPart = async (number: number, data: Buffer) => {
      if (uploadId === null) {
        const created = await call('CreateMultipartUpload', urlOf(key, '?uploads'), { method: 'POST' });
        const id = xmlValue(await created.text(), 'UploadId');
        if (!id)
          throw new S3Error(
            'The backup bucket answered CreateMultipartUpload without an UploadId.',
            'CreateMultipartUpload',
            created.status,
          );
        uploadId = id;
      }
      const response = await call(
        'UploadPart',
        urlOf(key, `?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`),
        { method: 'PUT', body: data },
      );
      const etag = response.headers.get('etag');
      await response.body?.cancel();
      if (!etag)
        throw new S3Error(
          'The backup bucket answered UploadPart without an ETag.',
          'UploadPart',
          response.status,
        );
      parts.push({ number, etag });
    };

    /** Starts the part upload after the one in flight; a failure surfaces at the next write or at the end. */
    const flush = async () => {
      await inFlight;
      if (failure) throw failure;
      partsStarted += 1;
      inFlight = uploadPart(partsStarted, takeBuffer()).catch((error: Error) => {
        failure = error;
      });
    };

    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        buffered += chunk.length;
        if (buffered < settings.partSize) return done();
        flush().then(() => done(), done);
      },
      final(done) {
        // A file smaller than one part waits for `commit` to become one PUT.
        const finish = async () => {
          if (partsStarted === 0) return;
          if (buffered > 0) await flush();
          await inFlight;
          if (failure) throw failure;
        };
        finish().then(() => done(), done);
      },
    });

    return {
      stream,
      async commit() {
        await inFlight;
        if (failure) throw failure;
        if (uploadId === null) {
          const response = await call('PutObject', urlOf(key), { method: 'PUT', body: takeBuffer() });
          await response.body?.cancel();
          return;
        }
        const xml = `<CompleteMultipartUpload>${parts
          .map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>${p.etag}</ETag></Part>`)
          .join('')}</CompleteMultipartUpload>`;
        const response = await call(
          'CompleteMultipartUpload',
          urlOf(key, `?uploadId=${encodeURIComponent(uploadId)}`),
          { method: 'POST', body: Buffer.from(xml), headers: { 'content-type': 'application/xml' } },
        );
        // S3 may answer 200 and still report an error in the body.
        const answer = await response.text();
        if (xmlValue(answer, 'Code'))
          throw new S3Error(
            redact(`The backup bucket refused CompleteMultipartUpload (${xmlValue(answer, 'Code')}).`),
            'CompleteMultipartUpload',
            response.status,
          );
      },
      async abort() {
        chunks = [];
        buffered = 0;
        await inFlight;
        if (uploadId === null) return;
        await send('AbortMultipartUpload', urlOf(key, `?uploadId=${encodeURIComponent(uploadId)}`), {
          method: 'DELETE',
        }).then(
          (response) => response.body?.cancel(),
          () => undefined,
        );
      },
    };
  }

  return {
    async create(key) {
      return upload(key);
    },
    async open(key) {
      const response = await send('GetObject', urlOf(key), { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await refused('GetObject', response);
      const size = Number(response.headers.get('content-length') ?? Number.NaN);
      if (!Number.isSafeInteger(size)) {
        await response.body.cancel();
        throw new S3Error('The backup bucket answered GetObject without a Content-Length.', 'GetObject', 200);
      }
      return { stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), size };
    },
    async remove(key) {
      const response = await send('DeleteObject', urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await refused('DeleteObject', response);
      await response.body?.cancel();
    },
  };
}
