import { ApiKeysSection } from '@client/features/api-keys';
import { BillingSection } from '@client/features/billing';
import { WordpressSection } from '@client/features/content';
import { AppsSection } from '@client/features/ecosystem';
import { MembersSection } from '@client/features/members';
import { SyncTokensSection } from '@client/features/phone-sync';
import { ProfileSection, type SettingsSection, WorkspaceSection } from '@client/features/settings';
import { WebsitesSection } from '@client/features/websites';
import { msg } from '@lingui/core/macro';

/**
 * The settings page, top to bottom. A feature adds its section with ONE line here, its component exported
 * from the feature's index:
 *   { id: 'billing', title: msg`Plan & billing`, description: msg`…`, component: BillingSection },
 */
export const settingsSections: readonly SettingsSection[] = [
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
  {
    id: 'ecosystem-apps',
    title: msg`Ecosystem apps`,
    description: msg`Your family of apps: their sites, prices and the data endpoints the console collects from.`,
    component: AppsSection,
  },
  {
    id: 'wordpress',
    title: msg`WordPress`,
    description: msg`Post published content to a WordPress site as well.`,
    component: WordpressSection,
  },
];
