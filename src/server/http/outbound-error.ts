import { AppError } from '@domain/app-error';
import { type ServerMessageId, serverMessage } from '@domain/messages';

export type OutboundErrorKind =
  | 'invalid_url'
  | 'unresolved'
  | 'blocked_address'
  | 'own_address'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_error';

const userMessages: Record<OutboundErrorKind, ServerMessageId> = {
  invalid_url: 'outbound.invalidUrl',
  unresolved: 'outbound.unresolved',
  blocked_address: 'outbound.blockedAddress',
  own_address: 'outbound.ownAddress',
  unreachable: 'outbound.unreachable',
  timeout: 'outbound.timeout',
  too_large: 'outbound.tooLarge',
  too_many_redirects: 'outbound.tooManyRedirects',
  http_error: 'outbound.httpError',
};

/**
 * A refused or failed outbound connection. Its message is safe to show: it never says what a
 * private address answered, so the refusal cannot be used to map our network.
 */
export class OutboundError extends AppError {
  constructor(
    readonly kind: OutboundErrorKind,
    options: { internal?: string; httpStatus?: number } = {},
  ) {
    const message =
      kind === 'http_error' && options.httpStatus
        ? serverMessage('outbound.httpErrorStatus', { status: options.httpStatus })
        : serverMessage(userMessages[kind]);
    super(kind === 'timeout' || kind === 'unreachable' ? 'unavailable' : 'bad_request', message, {
      internal: options.internal ?? message.text,
    });
    this.httpStatus = options.httpStatus;
  }
  readonly httpStatus?: number;
}
