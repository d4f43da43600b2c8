import type { SettingsSectionProps } from '@client/components/settings-section-props';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';

/** One card of the settings page; the list, top to bottom, lives in src/client/app/settings-sections.ts. */
export interface SettingsSection {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  component: ComponentType<SettingsSectionProps>;
}
