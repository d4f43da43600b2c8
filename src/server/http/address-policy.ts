import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { OutboundError } from './outbound-error.js';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
type IpBytes = number[];

function parseV4(ip: string): IpBytes {
  return ip.split('.').map(Number);
}

/** Expands any valid IPv6 text form (`::`, an embedded dotted IPv4 tail, a zone id) to 16 bytes. */
function parseV6(ip: string): IpBytes {
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    tail.push(...parseV4(text.slice(lastColon + 1)));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups];
  const bytes = groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

export function parseIp(ip: string): IpBytes | null {
  const bare = ip.split('%')[0];
  const version = isIP(bare);
  if (version === 4) return parseV4(bare);
  if (version === 6) return parseV6(bare);
  return null;
}

interface Cidr {
  bytes: IpBytes;
  bits: number;
}

export function parseCidr(text: string): Cidr | null {
  const parts = text.trim().split('/');
  if (parts.length > 2) return null;
  const [address, bitsText] = parts;
  const bytes = parseIp(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? max : Number(bitsText);
  if (bits > max) return null;
  return { bytes, bits };
}

function inCidr(bytes: IpBytes, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.bits; bit += 8) {
    const take = Math.min(8, cidr.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (cidr.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

const cidrs = (list: string[]): Cidr[] => list.map((c) => parseCidr(c) as Cidr);

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, RFC 6890 and successors). */
const nonPublicV4 = cidrs([
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata lives here)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
]);

const globalUnicastV6 = parseCidr('2000::/3') as Cidr;
const nonPublicInsideGlobalV6 = cidrs([
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
]);
/** IPv6 forms that carry an IPv4 address: judged by the IPv4 address they carry. */
const embeddingV4 = [
  { cidr: parseCidr('::ffff:0:0/96') as Cidr, offset: 12 }, // IPv4-mapped
  { cidr: parseCidr('64:ff9b::/96') as Cidr, offset: 12 }, // NAT64
  { cidr: parseCidr('2002::/16') as Cidr, offset: 2 }, // 6to4
];

function embeddedV4(bytes: IpBytes): IpBytes | null {
  if (bytes.length !== 16) return null;
  const form = embeddingV4.find((f) => inCidr(bytes, f.cidr));
  return form ? bytes.slice(form.offset, form.offset + 4) : null;
}

function isPublicUnicastBytes(bytes: IpBytes): boolean {
  if (bytes.length === 4) return !nonPublicV4.some((c) => inCidr(bytes, c));
  const v4 = embeddedV4(bytes);
  if (v4) return isPublicUnicastBytes(v4);
  // Only 2000::/3 is allocated for global unicast; everything else (loopback, unique-local,
  // link-local, multicast, discard, IPv4-compatible) is not reachable on the public internet.
  return inCidr(bytes, globalUnicastV6) && !nonPublicInsideGlobalV6.some((c) => inCidr(bytes, c));
}

/** True only for an address on the public internet that names one host: the one test for every outbound connection. */
export function isPublicUnicast(ip: string): boolean {
  const bytes = parseIp(ip);
  return bytes !== null && isPublicUnicastBytes(bytes);
}

export interface AddressPolicy {
  /** Whether a connection to this resolved address may be made. */
  allowsAddress(ip: string): boolean;
  /** Whether this host name is exempt from the address check (operator's allow-list). */
  allowsHost(host: string): boolean;
  /** Whether a fetch may reach this server itself (OUTBOUND_ALLOW_SELF); by default it may not. */
  allowsSelf?: boolean;
}

/**
 * Public unicast addresses, plus what the operator allows in config (OUTBOUND_ALLOW_CIDRS,
 * OUTBOUND_ALLOW_HOSTS); tests allow loopback this way to reach their local servers.
 */
export function createAddressPolicy(
  options: { allowCidrs?: readonly string[]; allowHosts?: readonly string[]; allowSelf?: boolean } = {},
): AddressPolicy {
  const allowed = (options.allowCidrs ?? []).map((text) => {
    const cidr = parseCidr(text);
    if (!cidr) throw new Error(`not a CIDR range: ${text}`);
    return cidr;
  });
  const hosts = new Set((options.allowHosts ?? []).map((h) => h.trim().toLowerCase()));
  return {
    allowsAddress(ip) {
      const bytes = parseIp(ip);
      if (!bytes) return false;
      const v4 = embeddedV4(bytes);
      const candidates = v4 ? [bytes, v4] : [bytes];
      return isPublicUnicastBytes(bytes) || candidates.some((b) => allowed.some((cidr) => inCidr(b, cidr)));
    },
    allowsHost: (host) => hosts.has(host.toLowerCase().replace(/\.$/, '')),
    allowsSelf: options.allowSelf ?? false,
  };
}

const thisMachineAlways = cidrs(['127.0.0.0/8', '0.0.0.0/32', '::1/128', '::/128']);

/**
 * Whether `ip` is an address of this machine: loopback, unspecified, or one of its interfaces' (read at
 * each call: interfaces come and go). An IPv4-mapped IPv6 address is judged by its IPv4 address.
 */
export function isThisMachine(ip: string): boolean {
  const bytes = parseIp(ip);
  if (!bytes) return false;
  const v4 = embeddedV4(bytes);
  const candidates = v4 ? [bytes, v4] : [bytes];
  if (candidates.some((b) => thisMachineAlways.some((c) => inCidr(b, c)))) return true;
  const own = Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [parseIp(i.address)] : []));
  return own.some(
    (o) => o !== null && candidates.some((b) => b.length === o.length && b.every((x, n) => x === o[n])),
  );
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to every address it has; injectable so tests can answer without real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The addresses a connection to `host` may use: every one the name resolves to must pass the policy
 * (one private answer among public ones refuses the host). An IP literal is checked as it is.
 */
export async function resolvePermitted(
  policy: AddressPolicy,
  host: string,
  resolver: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare.split('%')[0]);
  if (literal) {
    if (!policy.allowsAddress(bare))
      throw new OutboundError('blocked_address', { internal: `${host} refused` });
    return [{ address: bare, family: literal }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(bare);
  } catch (error) {
    throw new OutboundError('unresolved', { internal: `${host}: ${(error as Error).message}` });
  }
  if (addresses.length === 0) throw new OutboundError('unresolved', { internal: `${host}: no addresses` });
  if (!policy.allowsHost(bare)) {
    const refused = addresses.find((a) => !policy.allowsAddress(a.address));
    if (refused)
      throw new OutboundError('blocked_address', { internal: `${host} resolves to ${refused.address}` });
  }
  return addresses;
}

/**
 * A `lookup` for net/tls connect options: the socket connects to the very addresses that were checked,
 * so a DNS answer that changes between the check and the connect (rebinding) changes nothing.
 */
export function guardedLookup(policy: AddressPolicy, resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePermitted(policy, hostname, resolver).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(
            new OutboundError('unresolved', { internal: `${hostname}: no IPv${options.family} address` }),
            '',
          );
        } else if (options.all) {
          (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, wanted);
        } else {
          callback(null, wanted[0].address, wanted[0].family);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
