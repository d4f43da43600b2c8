import { unknownSource } from '@domain/contacts/contact-schemas';
import { demoAppsPath } from '@domain/ecosystem/ecosystem-schemas';
import type { Tx } from '../../db/database.js';
import {
  addContactUnlessKnown,
  contactsBySource,
  tagUnknownSourcesByEmailDomain,
} from '../contacts/index.js';
import * as ecosystem from '../ecosystem/index.js';
import { validateRow } from '../imports/index.js';
import { listWebsites } from '../websites/index.js';

/** Users one app may hand over in one integration (the rest wait for the next run). */
const maxUsersPerApp = 10_000;

export interface AppUser {
  appName: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
}

export interface FetchedUsers {
  users: AppUser[];
  /** Apps whose users could not be read, or rows that were not a valid person, with why. */
  problems: { app: string; reason: string }[];
}

/** Reads every app's user list (outside any transaction: the network is slow, the database must not wait). */
export async function fetchAppUsers(
  fetcher: ecosystem.AppFetcher,
  apps: ecosystem.AppRow[],
): Promise<FetchedUsers> {
  const users: AppUser[] = [];
  const problems: FetchedUsers['problems'] = [];
  for (const app of apps) {
    if (!app.usersUrl) continue;
    try {
      let mapping: ReturnType<typeof ecosystem.mappingFor> | null = null;
      let count = 0;
      for await (const item of ecosystem.endpointItems(fetcher, app.usersUrl, 'json')) {
        if (mapping === null) {
          mapping = ecosystem.mappingFor('fields' in item ? item.fields : [], {});
          continue;
        }
        if ('error' in item) {
          problems.push({ app: app.name, reason: item.error });
          continue;
        }
        if (++count > maxUsersPerApp) break;
        const row = validateRow(item.fields, mapping);
        if (!row.ok) {
          problems.push({ app: app.name, reason: row.reason });
          continue;
        }
        const c = row.contact;
        users.push({
          appName: app.name,
          email: c.email,
          phone: c.phone,
          firstName: c.firstName,
          lastName: c.lastName,
          company: c.company,
        });
      }
    } catch (error) {
      problems.push({ app: app.name, reason: ecosystem.failureReason(error).text });
    }
  }
  return { users, problems };
}

/** Creates a contact for each app user not known yet (by email, then phone), with the app as source. */
export async function integrateUsers(tx: Tx, fetched: FetchedUsers, actorUserId: number) {
  let integrated = 0;
  let skipped = 0;
  for (const user of fetched.users) {
    const { created } = await addContactUnlessKnown(
      tx,
      { ...user, source: user.appName },
      { via: 'app', actorUserId },
    );
    if (created) integrated += 1;
    else skipped += 1;
  }
  return { integrated, skipped, failed: fetched.problems.length, problems: fetched.problems.slice(0, 20) };
}

/**
 * One example user of the workspace's first app (or of no app), created as a contact so a new workspace
 * sees the flow work. Labelled as an example in its name, email, tag and note.
 */
export async function createExample(tx: Tx, actorUserId: number) {
  const [app] = await ecosystem.listAppRows(tx);
  const source = app?.name ?? unknownSource;
  const stamp = Date.now().toString(36);
  const user = {
    firstName: 'Example',
    lastName: 'App User',
    email: `example.user+${stamp}@example.com`,
    app: source,
  };
  const { contact, created } = await addContactUnlessKnown(
    tx,
    { firstName: user.firstName, lastName: user.lastName, email: user.email, source },
    { via: 'app', actorUserId },
  );
  return {
    user,
    contact: {
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      source: contact.source,
    },
    created,
  };
}

/**
 * Where a contact's email domain is evidence of where they came from: an app's domain (its URL's host;
 * the demo's simulated apps send mail from <slug>.example) or a website's domain.
 */
export async function tagSources(tx: Tx) {
  const evidence: { domain: string; source: string }[] = [];
  for (const app of await ecosystem.listAppRows(tx)) {
    const domain = appEmailDomain(app.url);
    if (domain) evidence.push({ domain, source: app.name });
  }
  for (const site of await listWebsites(tx)) evidence.push({ domain: site.domain, source: site.name });
  return { updated: await tagUnknownSourcesByEmailDomain(tx, evidence) };
}

export function appEmailDomain(url: string): string | null {
  if (url.startsWith(demoAppsPath)) {
    const slug = url.slice(demoAppsPath.length).split('/')[0];
    return slug ? `${slug}.example` : null;
  }
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return null;
  }
}

/** Spec 001 §2 "contacts by source": every app and website, then any other source contacts have. */
export async function bySource(tx: Tx) {
  const names = [
    ...(await ecosystem.listAppRows(tx)).map((a) => a.name),
    ...(await listWebsites(tx)).map((w) => w.name),
  ];
  return contactsBySource(tx, names, 3);
}
