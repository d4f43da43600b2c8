import type { CurrentUser } from '@client/lib/use-auth';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { ApiKeysSection } from '../api-keys/api-keys-section';
import { BillingSection } from '../payments/billing-section';
import { SyncTokensSection } from '../phone-sync/sync-tokens-section';
import { MembersSection } from './members-section';
import { ProfileSection } from './profile-section';
import { WebsitesSection } from './websites-section';
import { WorkspaceSection } from './workspace-section';

export interface SettingsSectionProps {
  user: CurrentUser;
  /** Admins and owners manage members, websites and billing; the server enforces it either way. */
  canManage: boolean;
}

export interface SettingsSection {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  component: ComponentType<SettingsSectionProps>;
}

/**
 * The settings page, top to bottom. Another feature adds its section with ONE line, e.g.
 *   { id: 'billing', title: msg`Plan & billing`, description: msg`...`, component: BillingSection },
 */
export const settingsSections: SettingsSection[] = [
  {
    id: 'profile',
    title: msg`Profile`,
    description: msg`How you appear to your team.`,
    component: ProfileSection,
  },
  {
    id: 'workspace',
    title: msg`Workspace`,
    description: msg`The business you are working in.`,
    component: WorkspaceSection,
  },
  {
    id: 'websites',
    title: msg`Websites`,
    description: msg`The sites this hub manages; they appear in the sidebar.`,
    component: WebsitesSection,
  },
  {
    id: 'members',
    title: msg`Team members`,
    description: msg`Who can access this workspace, and what they may do.`,
    component: MembersSection,
  },
  {
    id: 'sync-tokens',
    title: msg`Sync tokens`,
    description: msg`Tokens that let an iPhone Shortcut send contacts, calls and messages to this workspace.`,
    component: SyncTokensSection,
  },
  {
    id: 'api-keys',
    title: msg`API keys`,
    description: msg`Keys that let your scripts and integrations use the API as this workspace.`,
    component: ApiKeysSection,
  },
  {
    id: 'billing',
    title: msg`Plan & billing`,
    description: msg`Your plan, trial, renewal and the payments made.`,
    component: BillingSection,
  },
  // ↓ 'Plan & billing' (payments) and 'Sync tokens' (phone sync) go here.
];
