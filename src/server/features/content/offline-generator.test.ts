import { contentTypes } from '@domain/content/content-schemas';
import { describe, expect, it } from 'vitest';
import { type GenerationContext, generateOffline } from './offline-generator.js';
import { optimizeForSeo } from './seo-optimize.js';

const context = (overrides: Partial<GenerationContext> = {}): GenerationContext => ({
  topic: 'Spring garden care',
  type: 'blog',
  website: { name: 'Green Thumb', domain: 'green.example', description: 'weekend gardeners' },
  workspaceName: 'Green Co',
  industries: ['landscaping', 'nurseries'],
  ...overrides,
});

describe('offline generator', () => {
  it.each(contentTypes)(
    'writes a %s draft from the topic and the workspace’s data, within the limits',
    (type) => {
      const draft = generateOffline(context({ type }));
      expect(draft.title.length).toBeGreaterThan(0);
      expect(draft.title.length).toBeLessThanOrEqual(60);
      expect(draft.metaDescription.length).toBeLessThanOrEqual(156);
      expect(draft.outline.length).toBeGreaterThan(2);
      expect(draft.body.toLowerCase()).toContain('spring garden care');
      expect(draft.keywords[0]).toBe('spring garden care');
      expect(`${draft.body} ${draft.metaDescription}`).toMatch(/Green Thumb|weekend gardeners|landscaping/);
    },
  );

  it('is deterministic: the same topic reads the same, another topic differs', () => {
    expect(generateOffline(context())).toEqual(generateOffline(context()));
    expect(generateOffline(context({ topic: 'Winter pruning' })).body).not.toBe(
      generateOffline(context()).body,
    );
  });

  it('falls back to the workspace and a generic audience without a website or contacts', () => {
    const draft = generateOffline(context({ website: null, industries: [] }));
    expect(draft.body).toContain('Green Co');
    expect(draft.body).toContain('growing businesses');
  });
});

describe('SEO optimisation', () => {
  it('fixes what it can and stops when nothing changes', () => {
    let audits = 0;
    const result = optimizeForSeo(
      { title: 'Hi', body: 'Short.', metaDescription: '', slug: 'x' },
      'garden care',
      { brand: 'Green Thumb', keepShort: false },
      (draft) => {
        audits += 1;
        return [
          { id: 'keyphrase-in-title', passed: draft.title.toLowerCase().includes('garden care') },
          { id: 'keyphrase-in-slug', passed: draft.slug === 'garden-care' },
          { id: 'meta-description-length', passed: draft.metaDescription.length >= 120 },
          // A check no fix can make pass: reported, not looped on.
          { id: 'image-alt', passed: false },
        ];
      },
    );
    expect(result.draft.title).toContain('Garden Care');
    expect(result.draft.slug).toBe('garden-care');
    expect(result.checks.filter((c) => !c.passed).map((c) => c.id)).toEqual(['image-alt']);
    expect(audits).toBeLessThanOrEqual(5);
  });
});
