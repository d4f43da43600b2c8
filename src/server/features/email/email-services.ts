import type { AppDeps } from '../../deps.js';
import { startCaptureServer } from './capture-server.js';
import { syncAllJobName } from './jobs.js';

/** Connected mailboxes are read again this often. */
export const mailboxSyncIntervalMs = 5 * 60_000;

/**
 * Starts what the email area runs beside the HTTP server: the capture-address SMTP receiver
 * (unless SMTP_CAPTURE_PORT is 0) and the periodic mailbox sync tick. Returns the matching stop.
 */
export async function startEmailServices(deps: AppDeps): Promise<() => Promise<void>> {
  const capture =
    deps.config.SMTP_CAPTURE_PORT > 0
      ? await startCaptureServer(deps, { port: deps.config.SMTP_CAPTURE_PORT })
      : null;
  if (capture) deps.log.info({ port: capture.port }, 'capture SMTP server listening');
  // singletonKey: several app processes ticking at once still queue one fan-out.
  const tick = () =>
    deps.queue
      .send(syncAllJobName, {}, { singletonKey: syncAllJobName })
      .catch((error) => deps.log.error({ err: error }, 'could not queue mailbox sync'));
  void tick();
  const timer = setInterval(tick, mailboxSyncIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await capture?.close();
  };
}
