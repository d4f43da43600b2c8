import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  /** For BACKUP_S3_ENDPOINT (path-style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request that passed the signature check: the operation and the object key. */
  requests: { operation: string; key: string }[];
  /** Answers 500 to the next `count` requests that match (an operation, a part number), or any request. */
  failNext(count: number, match?: { operation?: string; partNumber?: number }): void;
  /** The keys of the stored objects, sorted. */
  objects(): Promise<string[]>;
  /** Multipart uploads created and neither completed nor aborted. */
  openUploads(): Promise<number>;
  close(): Promise<void>;
}

const minimumPartSize = 5 * 1024 * 1024;

const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local S3-compatible store (path-style PutObject, GetObject, HeadObject, DeleteObject and the
 * multipart calls) keeping objects in a temp directory. Every request must carry a SigV4 signature
 * (`Authorization: AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/s3/aws4_request, SignedHeaders=…,
 * Signature=…`, `x-amz-date`, `x-amz-content-sha256`) that this server recomputes with its own code from
 * the secret key, and a signed payload hash must match the body; anything else is answered 403 (400 for
 * a payload that does not match its hash), as S3 does. Parts but the last must be at least 5 MiB.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hub-s3-'));
  const objectsDir = path.join(root, 'objects');
  const uploadsDir = path.join(root, 'uploads');
  await mkdir(objectsDir, { recursive: true });
  await mkdir(uploadsDir, { recursive: true });
  const fileOf = (key: string) => path.join(objectsDir, encodeURIComponent(key));
  const failures: { operation?: string; partNumber?: number }[] = [];
  const sockets = new Set<Socket>();

  const state: S3TestServer = {
    endpoint: '',
    bucket: 'hub-backups',
    region: 'eu-test-1',
    accessKeyId: 'AKIATESTBACKUPS',
    secretAccessKey: 'test-secret-access-key-never-shown',
    requests: [],
    failNext(count, match = {}) {
      for (let i = 0; i < count; i++) failures.push(match);
    },
    async objects() {
      return (await readdir(objectsDir)).map(decodeURIComponent).sort();
    },
    async openUploads() {
      return (await readdir(uploadsDir)).length;
    },
    close: async () => {},
  };

  /** Null when the signature holds; otherwise the S3 error code and message. */
  function checkSignature(request: IncomingMessage, url: URL): [number, string, string] | null {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (!match) return [403, 'AccessDenied', 'Missing or malformed SigV4 Authorization header'];
    const [, keyId, date, region, signedHeaders, signature] = match;
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date))
      return [403, 'AccessDenied', 'Missing or malformed x-amz-date'];
    if (!/^([0-9a-f]{64}|UNSIGNED-PAYLOAD)$/.test(payloadHash))
      return [403, 'AccessDenied', 'Missing or malformed x-amz-content-sha256'];
    const signed = signedHeaders.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!signed.includes(required)) return [403, 'AccessDenied', `${required} is not signed`];
    if (keyId !== state.accessKeyId)
      return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    if (region !== state.region)
      return [403, 'AuthorizationHeaderMalformed', `the region is ${state.region}`];
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signed
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      `${date}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${state.secretAccessKey}`, date), region), 's3'), 'aws4_request');
    if (hmac(key, stringToSign).toString('hex') !== signature)
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      ];
    return null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const body = await bodyOf(request);
    const refused = checkSignature(request, url);
    if (refused) return xmlError(response, ...refused);
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && createHash('sha256').update(body).digest('hex') !== payloadHash)
      return xmlError(response, 400, 'XAmzContentSHA256Mismatch', 'The payload does not match its hash');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (decodeURIComponent(bucket) !== state.bucket)
      return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const uploadId = url.searchParams.get('uploadId');
    const operation =
      request.method === 'POST' && url.searchParams.has('uploads')
        ? 'CreateMultipartUpload'
        : request.method === 'PUT' && uploadId
          ? 'UploadPart'
          : request.method === 'POST' && uploadId
            ? 'CompleteMultipartUpload'
            : request.method === 'DELETE' && uploadId
              ? 'AbortMultipartUpload'
              : request.method === 'PUT'
                ? 'PutObject'
                : request.method === 'GET' || request.method === 'HEAD'
                  ? 'GetObject'
                  : request.method === 'DELETE'
                    ? 'DeleteObject'
                    : 'Unknown';
    state.requests.push({ operation, key });
    const partNumber = Number(url.searchParams.get('partNumber'));
    const failure = failures.findIndex(
      (f) =>
        (!f.operation || f.operation === operation) &&
        (f.partNumber === undefined || f.partNumber === partNumber),
    );
    if (failure !== -1) {
      failures.splice(failure, 1);
      return xmlError(response, 500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    const uploadDir = uploadId ? path.join(uploadsDir, encodeURIComponent(uploadId)) : '';
    const uploadExists = async () =>
      uploadDir !== '' &&
      (await stat(uploadDir).then(
        () => true,
        () => false,
      ));
    switch (operation) {
      case 'PutObject': {
        await writeFile(fileOf(key), body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      case 'GetObject': {
        const size = await stat(fileOf(key)).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, { 'content-length': size, 'content-type': 'application/octet-stream' });
        if (request.method === 'HEAD') return response.end();
        return createReadStream(fileOf(key)).pipe(response);
      }
      case 'DeleteObject': {
        await rm(fileOf(key), { force: true });
        response.writeHead(204);
        return response.end();
      }
      case 'CreateMultipartUpload': {
        const id = randomUUID();
        await mkdir(path.join(uploadsDir, encodeURIComponent(id)));
        await writeFile(path.join(uploadsDir, encodeURIComponent(id), 'key'), key);
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${state.bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'UploadPart': {
        if (!(await uploadExists())) return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          return xmlError(response, 400, 'InvalidArgument', 'Part number must be 1 to 10000');
        await writeFile(path.join(uploadDir, `part-${partNumber}`), body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      case 'CompleteMultipartUpload': {
        if (!(await uploadExists())) return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        if ((await readFile(path.join(uploadDir, 'key'), 'utf8')) !== key)
          return xmlError(response, 404, 'NoSuchUpload', 'The upload is for another key');
        const listed = [
          ...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber><ETag>([^<]+)<\/ETag>/g),
        ];
        if (listed.length === 0) return xmlError(response, 400, 'MalformedXML', 'No parts');
        const parts: Buffer[] = [];
        for (const [index, [, number, etag]] of listed.entries()) {
          if (Number(number) !== index + 1)
            return xmlError(response, 400, 'InvalidPartOrder', 'Parts out of order');
          const data = await readFile(path.join(uploadDir, `part-${number}`)).catch(() => null);
          if (!data || etag !== `"${createHash('md5').update(data).digest('hex')}"`)
            return xmlError(response, 400, 'InvalidPart', `Part ${number} was not uploaded as listed`);
          if (index < listed.length - 1 && data.length < minimumPartSize)
            return xmlError(response, 400, 'EntityTooSmall', `Part ${number} is smaller than 5 MiB`);
          parts.push(data);
        }
        await writeFile(fileOf(key), Buffer.concat(parts));
        await rm(uploadDir, { recursive: true, force: true });
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Key>${key}</Key></CompleteMultipartUploadResult>`,
        );
      }
      case 'AbortMultipartUpload': {
        if (!(await uploadExists())) return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        await rm(uploadDir, { recursive: true, force: true });
        response.writeHead(204);
        return response.end();
      }
      default:
        return xmlError(response, 405, 'MethodNotAllowed', 'Not supported by the test server');
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) xmlError(response, 500, 'InternalError', error.message);
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  };
  return state;
}
