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
export const WebsitesSection = lazy(() =>
  import('./websites-section').then((m) => ({ default: m.WebsitesSection })),
);
export const MembersSection = lazy(() =>
  import('./members-section').then((m) => ({ default: m.MembersSection })),
);
export type { SettingsSection, SettingsSectionProps } from './settings-sections';
