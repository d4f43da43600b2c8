import type { CurrentUser } from '@client/lib/use-auth';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';

export interface SettingsSectionProps {
  user: CurrentUser;
  /** Admins and owners manage members, websites and billing; the server enforces it either way. */
  canManage: boolean;
}

/** One card of the settings page; the list, top to bottom, lives in src/client/app/settings-sections.ts. */
export interface SettingsSection {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  component: ComponentType<SettingsSectionProps>;
}
