import { lazy } from 'react';

/** The dashboard's Backup tab (Legacy group). */
export const BackupPanel = lazy(() => import('./backup-panel').then((m) => ({ default: m.BackupPanel })));
/** 'Backup Now': runs a real backup through `GET /run/backup` with the spec's toasts. */
export { useRunBackupNow } from './backups-api';
/** Above every signed-in screen of a restored workspace not started yet, with its Start action. */
export { RestoredWorkspaceBanner } from './restored-workspace-banner';
