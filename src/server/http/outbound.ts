import type { AddressInfo, LookupFunction } from 'node:net';
import { Agent, buildConnector, request, errors as undiciErrors, fetch as undiciFetch } from 'undici';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Config } from '../config.js';
import {
  type AddressPolicy,
  createAddressPolicy,
  guardedLookup,
  isThisMachine,
  type Resolver,
  resolvePermitted,
  systemResolver,
} from './address-policy.js';
import { OutboundError } from './outbound-error.js';

export interface OutboundOptions {
  policy: AddressPolicy;
  /** Named in the User-Agent, so a site's operator can see who fetched and where to find us. */
  publicUrl?: string;
  connectTimeoutMs: number;
  /** For the whole exchange: every redirect hop, the headers and the body. */
  totalTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** DNS, injectable so tests can make a name resolve anywhere without real DNS. */
  resolver?: Resolver;
  /**
   * Origins of this very server (its demo apps' simulator, the demo's fixture sites): a request marked
   * `internal` to exactly one of these origins may connect to loopback and to this server itself. Checked
   * at every hop, so a redirect elsewhere is judged like any URL.
   */
  ownOrigins?: readonly string[];
}

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Lower caps for one call; never above the client's own. */
  maxBytes?: number;
  totalTimeoutMs?: number;
  /** 'manual' answers a redirect itself (status and `location` header) so a caller can record each hop. */
  redirect?: 'follow' | 'manual';
  /** Answer a 4xx/5xx like any other status instead of throwing (webhook deliveries log and judge it). */
  acceptErrorStatus?: boolean;
  /**
   * Built by the server from a stored path (a demo app's `/demo-apps/…`, a fixture site), not a URL
   * anyone typed: it may reach the client's `ownOrigins`. Anything else never reaches this server itself.
   */
  internal?: boolean;
}

export interface OutboundResponse {
  status: number;
  /** The final URL, after redirects. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
}

export interface OutboundClient {
  fetch(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function parseTarget(url: string | URL): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('invalid_url', { internal: `not a URL: ${String(url)}` });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new OutboundError('invalid_url', { internal: `scheme ${target.protocol}` });
  if (target.username || target.password)
    throw new OutboundError('invalid_url', { internal: 'credentials in the URL' });
  return target;
}

function translate(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  if (signal.aborted || error instanceof undiciErrors.ConnectTimeoutError)
    return new OutboundError('timeout', { internal: (error as Error).message });
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
    return new OutboundError('timeout', { internal: (error as Error).message });
  return new OutboundError('unreachable', { internal: (error as Error).message });
}

function answer(
  status: number,
  url: URL,
  headers: OutboundResponse['headers'],
  body: Buffer,
): OutboundResponse {
  return { status, url: url.toString(), headers, body, text: () => body.toString('utf8') };
}

/**
 * The one way the server fetches a URL a user gave: only public addresses (checked at every hop, and
 * the socket connects to the checked address), never this server itself, bounded in time and size, and
 * redirects capped.
 */
export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const resolver = options.resolver ?? systemResolver;
  const userAgent = `BusinessHub/${packageJson.version}${options.publicUrl ? ` (+${options.publicUrl})` : ''}`;
  const self = options.policy.allowsSelf ? null : selfGuard(options.publicUrl, resolver);
  const agentFor = (policy: AddressPolicy, guard: SelfGuard | null) => {
    const connect = buildConnector({
      timeout: options.connectTimeoutMs,
      lookup: guardedLookup(policy, resolver),
    });
    return new Agent({
      connect: guard ? refusingSelf(connect, guard) : connect,
      headersTimeout: options.totalTimeoutMs,
      bodyTimeout: options.totalTimeoutMs,
    });
  };
  const agent = agentFor(options.policy, self);
  const ownOrigins = new Set((options.ownOrigins ?? []).map((o) => new URL(o).origin));
  const ownPolicy = ownOrigins.size > 0 ? withLoopback(options.policy) : null;
  const ownAgent = ownPolicy ? agentFor(ownPolicy, null) : null;

  async function exchange(url: string, init: OutboundRequest, signal: AbortSignal, maxBytes: number) {
    let target = parseTarget(url);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; ; hop += 1) {
      const own =
        init.internal === true && ownPolicy !== null && ownAgent !== null && ownOrigins.has(target.origin);
      if (!own) self?.refuseByName(target.hostname, effectivePort(target));
      // net.connect skips `lookup` for IP literals: those are checked here instead.
      await resolvePermitted(own ? (ownPolicy as AddressPolicy) : options.policy, target.hostname, resolver);
      const response = await request(target, {
        dispatcher: own ? (ownAgent as Agent) : agent,
        method,
        body,
        signal,
        headers: { ...init.headers, 'user-agent': userAgent },
      });
      if (redirectStatuses.has(response.statusCode) && response.headers.location) {
        await response.body.dump();
        if (init.redirect === 'manual')
          return answer(response.statusCode, target, response.headers, Buffer.alloc(0));
        if (hop >= options.maxRedirects)
          throw new OutboundError('too_many_redirects', { internal: `more than ${options.maxRedirects}` });
        target = parseTarget(new URL(String(response.headers.location), target));
        if (
          response.statusCode === 303 ||
          ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        // Closing the stream early reports an abort on it; that abort is ours, not a failure.
        response.body.on('error', () => {});
        response.body.destroy();
        throw new OutboundError('too_large', { internal: `content-length ${declared} > ${maxBytes}` });
      }
      // Counted as it streams: a body without (or lying about) its length stops at the cap.
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length;
        // Leaving the loop by throwing closes the stream.
        if (received > maxBytes) {
          throw new OutboundError('too_large', { internal: `body over ${maxBytes} bytes` });
        }
        chunks.push(chunk as Buffer);
      }
      if (response.statusCode >= 400 && !init.acceptErrorStatus)
        throw new OutboundError('http_error', { httpStatus: response.statusCode });
      return answer(response.statusCode, target, response.headers, Buffer.concat(chunks));
    }
  }

  return {
    async fetch(url, init = {}) {
      const timeoutMs = Math.min(init.totalTimeoutMs ?? options.totalTimeoutMs, options.totalTimeoutMs);
      const maxBytes = Math.min(init.maxBytes ?? options.maxBytes, options.maxBytes);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        return await exchange(url, init, controller.signal, maxBytes);
      } catch (error) {
        throw translate(error, controller.signal);
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      await agent.close();
      await ownAgent?.close();
    },
  };
}

const loopback = createAddressPolicy({ allowCidrs: ['127.0.0.0/8', '::1/128'] });

/** The policy plus loopback addresses: for requests to this server's own origin only. */
function withLoopback(policy: AddressPolicy): AddressPolicy {
  return {
    allowsAddress: (ip) => policy.allowsAddress(ip) || loopback.allowsAddress(ip),
    allowsHost: (host) => policy.allowsHost(host),
  };
}

// ---- this server itself ----

/** The ports this process's HTTP servers listen on (noted when each listens, dropped when it closes). */
const ownListeners = new Set<{ port: number }>();

/**
 * Notes a listening address of this server: a fetch that would connect to that port on this machine is
 * refused (unless the policy allows self). Returns the function that forgets it again.
 */
export function noteOwnListener(address: AddressInfo | string | null): () => void {
  if (!address || typeof address !== 'object') return () => {};
  const entry = { port: address.port };
  ownListeners.add(entry);
  return () => ownListeners.delete(entry);
}

/** Whether `ip:port` is one of this server's own listening ports on this machine. */
export function isOwnListener(ip: string, port: number): boolean {
  return isThisMachine(ip) && [...ownListeners].some((l) => l.port === port);
}

const effectivePort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const bareHost = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

export interface SelfGuard {
  /** PUBLIC_URL's host by name (a proxy in front answers there for this server): refused at once. */
  refuseByName(hostname: string, port: number): void;
  /** Whether the connected peer is this server: its listening port on this machine, or PUBLIC_URL's address. */
  isSelf(ip: string, port: number): Promise<boolean>;
}

/**
 * The one check of "this server itself", for every connection to a host a user gave (HTTP here, the
 * mailboxes' IMAP in the email area). `publicHostPorts` 'its-port' treats only PUBLIC_URL's port of its
 * host as this server (an HTTP fetch); 'every-port' the whole host (a mail connection: a mail port there is
 * our capture listener or the proxy in front of us, never the user's mail server).
 */
export function selfGuard(
  publicUrl: string | undefined,
  resolver: Resolver = systemResolver,
  publicHostPorts: 'its-port' | 'every-port' = 'its-port',
): SelfGuard {
  const publicTarget = publicUrl ? new URL(publicUrl) : null;
  const isPublicPort = (port: number) =>
    publicHostPorts === 'every-port' || (publicTarget !== null && port === effectivePort(publicTarget));
  let publicAddresses: Promise<Set<string>> | null = null;
  const addressesOfPublic = () => {
    publicAddresses ??= publicTarget
      ? resolver(bareHost(publicTarget.hostname)).then(
          (found) => new Set(found.map((a) => a.address)),
          () => new Set<string>(),
        )
      : Promise.resolve(new Set<string>());
    return publicAddresses;
  };
  return {
    refuseByName(hostname, port) {
      if (publicTarget && bareHost(hostname) === bareHost(publicTarget.hostname) && isPublicPort(port))
        throw new OutboundError('own_address', { internal: `${hostname}:${port} is PUBLIC_URL's` });
    },
    async isSelf(ip, port) {
      if (isOwnListener(ip, port)) return true;
      if (!publicTarget || !isPublicPort(port)) return false;
      return (await addressesOfPublic()).has(ip.replace(/^::ffff:(?=\d+\.)/i, ''));
    },
  };
}

/**
 * A socket `lookup` that hands the socket only addresses that are not this server at `port`: for clients
 * that connect themselves (imapflow), the address looked up is the one the socket connects to.
 */
export function lookupRefusingSelf(lookup: LookupFunction, guard: SelfGuard, port: number): LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const found: { address: string }[] = Array.isArray(address) ? address : [{ address }];
      Promise.all(found.map((a) => guard.isSelf(a.address, port))).then(
        (self) => {
          if (!self.includes(true)) return callback(null, address, family);
          callback(new OutboundError('own_address', { internal: `${hostname}:${port} is this server` }), '');
        },
        (failure: Error) => callback(failure, ''),
      );
    });
}

/**
 * Connects as `connect` does, then looks at whom it reached before a byte of the request is sent: this
 * server itself (its own port here, or PUBLIC_URL's address, whatever name led there) is refused. The
 * peer is the address really connected to, so no DNS answer or redirect can lead around the check.
 */
function refusingSelf(connect: buildConnector.connector, guard: SelfGuard): buildConnector.connector {
  return (connectOptions, callback) =>
    connect(connectOptions, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('no socket'), null);
        return;
      }
      const ip = socket.remoteAddress ?? '';
      const port = socket.remotePort ?? 0;
      guard.isSelf(ip, port).then(
        (isSelf) => {
          if (!isSelf) return callback(null, socket);
          socket.destroy();
          callback(new OutboundError('own_address', { internal: `${ip}:${port} is this server` }), null);
        },
        (failure: Error) => {
          socket.destroy();
          callback(failure, null);
        },
      );
    });
}

/**
 * Where links mailed or handed out (password resets, invites, sign-in callbacks) point: PUBLIC_URL as
 * configured, else the address the server was started on. Never the request's Host header: a forged one
 * would aim a victim's reset mail at the forger's site.
 */
export function linkBaseUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  listening?: AddressInfo | string | null,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (!listening || typeof listening !== 'object') return ownOrigin(config);
  // The address the server really listens on (PORT=0 picks a free port); every interface means this machine.
  const { address, port } = listening;
  const host =
    address === '0.0.0.0' || address === '::'
      ? 'localhost'
      : address.includes(':')
        ? `[${address}]`
        : address;
  return `http://${host}:${port}`;
}

/**
 * The base of a link mailed or handed out, or null in production without PUBLIC_URL: there the address the
 * server listens on is not where people reach it (a proxy stands in front), and a link must never fall back
 * on anything a request says.
 */
export function handedOutLinkBase(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>,
  listening?: AddressInfo | string | null,
): string | null {
  if (!config.PUBLIC_URL && config.NODE_ENV === 'production') return null;
  return linkBaseUrl(config, listening);
}

/** This server's own origin: PUBLIC_URL's, else http://localhost:PORT. */
export function ownOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}

/**
 * The policy the operator configured: public unicast, plus OUTBOUND_ALLOW_CIDRS and OUTBOUND_ALLOW_HOSTS,
 * never this server itself unless OUTBOUND_ALLOW_SELF.
 */
export function addressPolicyFrom(
  config: Pick<Config, 'OUTBOUND_ALLOW_CIDRS' | 'OUTBOUND_ALLOW_HOSTS'> &
    Partial<Pick<Config, 'OUTBOUND_ALLOW_SELF'>>,
) {
  return createAddressPolicy({
    allowCidrs: config.OUTBOUND_ALLOW_CIDRS,
    allowHosts: config.OUTBOUND_ALLOW_HOSTS,
    allowSelf: config.OUTBOUND_ALLOW_SELF,
  });
}

/**
 * A WHATWG `fetch` under the same address policy, for SDKs that take one (the OpenAI client): the
 * answer streams (server-sent events arrive as they are written) where `OutboundClient` buffers it.
 * Redirects are refused rather than followed, so every connection is one the policy checked.
 */
export function createGuardedFetch(options: {
  policy: AddressPolicy;
  connectTimeoutMs: number;
  resolver?: Resolver;
}): typeof globalThis.fetch {
  const resolver = options.resolver ?? systemResolver;
  const dispatcher = new Agent({
    connect: { timeout: options.connectTimeoutMs, lookup: guardedLookup(options.policy, resolver) },
  });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = parseTarget(input instanceof Request ? input.url : input);
    // net.connect skips `lookup` for IP literals: those are checked here instead.
    await resolvePermitted(options.policy, url.hostname, resolver);
    return undiciFetch(url, { ...(init as object), redirect: 'error', dispatcher } as never);
  }) as unknown as typeof globalThis.fetch;
}
