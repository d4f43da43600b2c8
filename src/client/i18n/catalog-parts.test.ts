import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { staticImportClosure } from '../../../scripts/catalog-parts';
import { firstPaintModules } from '../../../vite.config';

type Catalog = { messages: Record<string, unknown> };

const parts = {
  whole: import.meta.glob<Catalog>('../locales/*.po'),
  first: import.meta.glob<Catalog>('../locales/*.po', { query: '?first-paint' }),
  later: import.meta.glob<Catalog>('../locales/*.po', { query: '?later' }),
};

const load = (locale: string, part: keyof typeof parts): Promise<Catalog> =>
  parts[part][`../locales/${locale}.po`]();

describe('the catalog in two parts (ADR 0010)', () => {
  const firstPaint = staticImportClosure(process.cwd(), firstPaintModules);

  it("takes the first part's files from what the shell and the landing page import, not what they load lazily", () => {
    expect(firstPaint).toContain('src/client/main.tsx');
    expect(firstPaint).toContain('src/client/features/landing/landing-page.tsx');
    expect(firstPaint).toContain('src/client/i18n/locale-switcher.tsx');
    expect(firstPaint).toContain('src/domain/pricing/plans.ts');
    // Loaded once the page is idle, but its labels are the first page's (the notification area).
    expect(firstPaint).toContain('src/client/components/ui/toast.tsx');
    // Lazy: the language menu itself, every other page.
    expect(firstPaint).not.toContain('src/client/i18n/locale-menu.tsx');
    expect(firstPaint).not.toContain('src/client/features/contacts/contacts-table.tsx');
    // Re-exported by the seo feature's index, which the dashboard panels load lazily, with the content tab.
    expect(firstPaint).not.toContain('src/client/features/seo/check-labels.ts');
    // Types only.
    expect(firstPaint).not.toContain('src/domain/auth/session-schemas.ts');
  });

  it("splits a locale's messages without losing or repeating one", async () => {
    for (const locale of ['en', 'ar']) {
      const [whole, first, later] = await Promise.all([
        load(locale, 'whole'),
        load(locale, 'first'),
        load(locale, 'later'),
      ]);
      const firstIds = Object.keys(first.messages);
      const laterIds = Object.keys(later.messages);
      expect(
        firstIds.filter((id) => id in later.messages),
        locale,
      ).toEqual([]);
      expect([...firstIds, ...laterIds].sort(), locale).toEqual(Object.keys(whole.messages).sort());
      expect({ ...first.messages, ...later.messages }, locale).toEqual(whole.messages);
    }
  }, 60_000);

  it("puts the landing page's words in the first part and another screen's in the later one", async () => {
    const [first, later] = await Promise.all([load('de', 'first'), load('de', 'later')]);
    const heading = msg`One CRM for every site, app and customer`.id;
    const language = msg`Language`.id;
    const crmEmpty = msg`No contacts found`.id;
    expect(Object.keys(first.messages)).toEqual(expect.arrayContaining([heading, language]));
    expect(Object.keys(first.messages)).not.toContain(crmEmpty);
    expect(Object.keys(later.messages)).toContain(crmEmpty);
  });
});
