import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import { guardedLookup, resolvePermitted } from '../../http/address-policy.js';
import { addressPolicyFrom } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';

type PolicyConfig = Pick<Config, 'OUTBOUND_ALLOW_CIDRS' | 'OUTBOUND_ALLOW_HOSTS'>;

/**
 * A custom IMAP host is the user's to choose, but it may not resolve to an internal address in any
 * mode: the sync job would otherwise probe our own network and report what it found as lastError.
 */
export async function assertPublicMailHost(config: PolicyConfig, host: string): Promise<void> {
  try {
    await resolvePermitted(addressPolicyFrom(config), host);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw error.kind === 'unresolved'
      ? AppError.badRequest('host', serverMessage('email.hostUnresolved'))
      : AppError.badRequest('host', serverMessage('email.hostPrivate'));
  }
}

/**
 * Socket options for every IMAP connection: the same check runs again at each sync, on the addresses
 * the socket then connects to, so a host whose DNS later points inside our network is refused.
 */
export function mailSocketOptions(config: PolicyConfig) {
  return { lookup: guardedLookup(addressPolicyFrom(config)) };
}
