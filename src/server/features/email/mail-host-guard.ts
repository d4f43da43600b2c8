import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import { guardedLookup, resolvePermitted } from '../../http/address-policy.js';
import { addressPolicyFrom, lookupRefusingSelf, type SelfGuard, selfGuard } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';

type PolicyConfig = Pick<
  Config,
  'OUTBOUND_ALLOW_CIDRS' | 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ALLOW_SELF' | 'PUBLIC_URL'
>;

/** The outbound client's own-address check, over PUBLIC_URL's whole host: null when the operator allows self. */
const mailSelfGuard = (config: PolicyConfig): SelfGuard | null =>
  config.OUTBOUND_ALLOW_SELF ? null : selfGuard(config.PUBLIC_URL, undefined, 'every-port');

/**
 * A custom IMAP host is the user's to choose, but it may not resolve to an internal address in any
 * mode: the sync job would otherwise probe our own network and report what it found as lastError. Nor
 * may it be this server itself (its HTTP port, its capture SMTP port, PUBLIC_URL's host), even where the
 * operator allows this machine's addresses, unless OUTBOUND_ALLOW_SELF: the sync would talk to itself.
 */
export async function assertPublicMailHost(config: PolicyConfig, host: string, port: number): Promise<void> {
  const self = mailSelfGuard(config);
  let addresses: { address: string }[];
  try {
    self?.refuseByName(host, port);
    addresses = await resolvePermitted(addressPolicyFrom(config), host);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw error.kind === 'own_address'
      ? AppError.badRequest('host', serverMessage('outbound.ownAddress'))
      : error.kind === 'unresolved'
        ? AppError.badRequest('host', serverMessage('email.hostUnresolved'))
        : AppError.badRequest('host', serverMessage('email.hostPrivate'));
  }
  const isSelf = self ? await Promise.all(addresses.map((a) => self.isSelf(a.address, port))) : [];
  if (isSelf.includes(true)) throw AppError.badRequest('host', serverMessage('outbound.ownAddress'));
}

/**
 * Socket options for every IMAP connection to `port`: the same checks run again at each sync, on the
 * addresses the socket then connects to, so a host whose DNS later points inside our network, or at
 * this server, is refused.
 */
export function mailSocketOptions(config: PolicyConfig, port: number) {
  const lookup = guardedLookup(addressPolicyFrom(config));
  const self = mailSelfGuard(config);
  return { lookup: self ? lookupRefusingSelf(lookup, self, port) : lookup };
}
