import type { AppDeps } from '../../deps.js';
import { type CaptureServer, startCaptureServer } from './capture-server.js';
import { syncAllJobName } from './jobs.js';

/** Connected mailboxes are read again this often. */
export const mailboxSyncIntervalMs = 5 * 60_000;

/**
 * Starts what the email area runs beside the HTTP server: the capture-address SMTP receiver
 * (unless SMTP_CAPTURE_PORT is 0) and the periodic mailbox sync tick. Returns the matching stop.
 */
export async function startEmailServices(deps: AppDeps): Promise<() => Promise<void>> {
  let capture: CaptureServer | null = null;
  if (deps.config.SMTP_CAPTURE_PORT > 0) {
    try {
      capture = await startCaptureServer(deps, { port: deps.config.SMTP_CAPTURE_PORT });
      deps.log.info({ port: capture.port }, 'capture SMTP server listening');
    } catch (error) {
      // The rest of the app is still useful without the capture address (e.g. the port is taken).
      deps.log.error({ err: error, port: deps.config.SMTP_CAPTURE_PORT }, 'capture SMTP server not started');
    }
  }
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
