import { AppError } from '@domain/app-error';

export type OutboundErrorKind =
  | 'invalid_url'
  | 'unresolved'
  | 'blocked_address'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_error';

const userMessages: Record<OutboundErrorKind, string> = {
  invalid_url: 'Only http and https addresses can be fetched.',
  unresolved: 'This server name does not resolve.',
  blocked_address: 'This address points into a private network; only public internet addresses are allowed.',
  unreachable: 'The remote server could not be reached.',
  timeout: 'The remote server did not answer in time.',
  too_large: 'The remote server’s answer is larger than allowed.',
  too_many_redirects: 'The remote server redirected too many times.',
  http_error: 'The remote server answered with an error.',
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
        ? `The remote server answered with HTTP ${options.httpStatus}.`
        : userMessages[kind];
    super(kind === 'timeout' || kind === 'unreachable' ? 'unavailable' : 'bad_request', message, {
      internal: options.internal ?? message,
    });
    this.httpStatus = options.httpStatus;
  }
  readonly httpStatus?: number;
}
