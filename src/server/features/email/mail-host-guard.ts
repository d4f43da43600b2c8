import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../../domain/app-error.js';

/** Loopback, private, link-local, CGNAT and unique-local ranges: a mailbox host must not point inside our network. */
export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/**
 * A custom IMAP host is the user's to choose, but in production it may not resolve to an internal
 * address: the sync job would otherwise probe our own network and report what it found as lastError.
 */
export async function assertPublicMailHost(host: string): Promise<void> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw AppError.badRequest('host', 'This mail server name does not resolve');
  }
  if (addresses.some((a) => isPrivateAddress(a.address))) {
    throw AppError.badRequest('host', 'Use your provider’s public mail server, not a private address');
  }
}
