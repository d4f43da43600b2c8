import { lazy } from 'react';

/** The settings tab; src/client/app hands it the sections, its own and other features'. */
export const SettingsPanel = lazy(() =>
  import('./settings-panel').then((m) => ({ default: m.SettingsPanel })),
);
export const ProfileSection = lazy(() =>
  import('./profile-section').then((m) => ({ default: m.ProfileSection })),
);
export const WorkspaceSection = lazy(() =>
  import('./workspace-section').then((m) => ({ default: m.WorkspaceSection })),
);
export type { SettingsSection } from './settings-sections';
