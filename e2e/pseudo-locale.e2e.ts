import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardTabIds } from '../src/client/features/dashboard/dashboard-tabs.js';
import { demoApps } from '../src/server/features/ecosystem/demo-catalogue.js';
import { demoCampaigns } from '../src/server/features/marketing/demo-campaigns.js';
import { publicPages, settle, signedInPages } from './support/pages.js';
import { signUpInBrowser, withServerAndBrowser } from './support/session.js';

/**
 * Issue 10: "a pseudo-locale run of the browser tests finds no untranslated text on any screen". In the
 * test-only `pseudo` locale (ADR 0007; compiled by Lingui's `pseudoLocale`, never offered in the menu) every
 * catalog message is accented — "Save" reads "Śàvē" — so a letter still in plain ASCII on a screen did not
 * come through the i18n layer. Lingui's accents leave only v and x (either case) as they are.
 */
// The public pages include the -demo screens, shown with the demo workspace's data.
const env = withServerAndBrowser({ demoWorkspace: true });

const owner = { firstName: 'Pia', lastName: 'Pseudo', businessName: 'Quokka Works' };
const contact = { firstName: 'Quentin', lastName: 'Zimmer', email: 'quentin.zimmer@example.com' };

/**
 * What may stay in plain letters: data and names, never product words. Each entry says why.
 */
const allowed: { pattern: RegExp; why: string }[] = [
  {
    pattern: new RegExp(
      [
        ...demoApps.flatMap((app) => [app.name, app.description, ...app.features]),
        ...demoCampaigns.map((campaign) => campaign.name),
      ]
        .sort((a, b) => b.length - a.length)
        .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    ),
    why: "the demo workspace's apps and campaigns: names, descriptions and features are records its owner typed (first, so each is taken out whole before a shorter pattern cuts into it)",
  },
  {
    pattern: /Pia|Pseudo|Quokka Works|e2e-pseudo[\w.+-]*@[\w.-]+/g,
    why: 'the owner this run signs up, by name',
  },
  { pattern: /\bPP\b/g, why: "the owner's initials in the avatar" },
  { pattern: /Quentin|Zimmer|quentin\.zimmer@example\.com/g, why: 'the contact this run adds' },
  { pattern: /\bF8\b/g, why: "a key's name on the keyboard (spec 000 §9: the notifications hotkey)" },
  { pattern: /https?:\/\/\S*/g, why: 'web addresses (links, example URLs) are data' },
  { pattern: /\b\w*\d\w*\b/g, why: 'tokens holding a digit are ids and figures (a checkout session id)' },
  { pattern: /\bhubsync_/g, why: 'the sync-token prefix a user pastes, the same in every language' },
  { pattern: /\/[\w/{}.-]+/g, why: 'URL paths (an app at /demo-apps/…, an endpoint path) are data' },
  { pattern: /\b(?:GET|POST|PUT|PATCH|DELETE|HTTP)\b/g, why: 'HTTP methods and the protocol name' },
  {
    pattern: /\b[a-z]+(?:[._][a-z]+)+\b/g,
    why: "event and incident types as apps send and store them ('user.signup', 'app_down'): API names",
  },
];

/** Every visible text node and readable attribute of the page, as the user (or a screen reader) meets it. */
function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      // Code samples (request lines, JSON payloads) are API syntax, the same in every language; what is
      // marked translate="no" (a token's last characters) is data.
      if (!text || !parent || parent.closest('script, style, noscript, pre, code, [translate="no"]'))
        continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(`[${name}] ${value}`);
      }
    }
    return texts;
  });
}

/** Texts with a word in plain ASCII letters once the allowed data is taken out. */
async function untranslated(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await readableTexts(page)) {
    const rest = allowed.reduce(
      (left, { pattern }) => left.replace(pattern, ''),
      text.replace(/^\[[\w-]+\] /, ''),
    );
    if (/[A-UWYZa-uwyz]/.test(rest)) found.add(text);
  }
  return [...found];
}

describe('pseudo-locale', () => {
  it('leaves no untranslated text on any screen', async () => {
    const report: Record<string, string[]> = {};
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('hub.locale', 'pseudo'));
    const visitor = await context.newPage();
    for (const path of ['/reset-password?token=pseudo-token', '/dashboard', ...publicPages]) {
      await settle(visitor, `${env.server.baseUrl}${path}`);
      const found = await untranslated(visitor);
      if (found.length > 0) report[path] = found;
    }
    await context.close();

    const page = await signUpInBrowser(env, owner);
    await page.evaluate(async (person) => {
      await fetch('/api/contacts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(person),
      });
      localStorage.setItem('hub.locale', 'pseudo');
    }, contact);
    const paths = [...dashboardTabIds.map((tab) => `/dashboard?tab=${tab}`), ...signedInPages];
    for (const path of paths) {
      await settle(page, `${env.server.baseUrl}${path}`);
      const found = await untranslated(page);
      if (found.length > 0) report[path] = found;
    }
    console.log(JSON.stringify(report, null, 2));
    expect(report).toEqual({});
    await page.context().close();
  }, 600_000);
});
