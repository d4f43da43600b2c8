export { clearOfflineReads } from './offline-reads';
export { registerServiceWorker } from './register-service-worker';
export { useInstallManifest } from './use-install-manifest';
