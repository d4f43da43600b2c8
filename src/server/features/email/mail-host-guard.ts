import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import { guardedLookup, resolvePermitted } from '../../http/address-policy.js';
import { addressPolicyFrom, isOwnListener } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';

type PolicyConfig = Pick<Config, 'OUTBOUND_ALLOW_CIDRS' | 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ALLOW_SELF'>;

/**
 * A custom IMAP host is the user's to choose, but it may not resolve to an internal address in any
 * mode: the sync job would otherwise probe our own network and report what it found as lastError. Nor
 * may it be this server's own listening ports (its HTTP port, its capture SMTP port), even where the
 * operator allows this machine's addresses, unless OUTBOUND_ALLOW_SELF: the sync would talk to itself.
 */
export async function assertPublicMailHost(config: PolicyConfig, host: string, port: number): Promise<void> {
  let addresses: { address: string }[];
  try {
    addresses = await resolvePermitted(addressPolicyFrom(config), host);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw error.kind === 'unresolved'
      ? AppError.badRequest('host', serverMessage('email.hostUnresolved'))
      : AppError.badRequest('host', serverMessage('email.hostPrivate'));
  }
  if (!config.OUTBOUND_ALLOW_SELF && addresses.some((a) => isOwnListener(a.address, port))) {
    throw AppError.badRequest('host', serverMessage('outbound.ownAddress'));
  }
}

/**
 * Socket options for every IMAP connection: the same check runs again at each sync, on the addresses
 * the socket then connects to, so a host whose DNS later points inside our network is refused.
 */
export function mailSocketOptions(config: PolicyConfig) {
  return { lookup: guardedLookup(addressPolicyFrom(config)) };
}
