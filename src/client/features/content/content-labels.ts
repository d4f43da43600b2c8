import type { ContentStatus, ContentType } from '@domain/content/content-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const contentTypeNames: Record<ContentType, MessageDescriptor> = {
  blog: msg`Blog Post`,
  social: msg`Social Media`,
  email: msg`Email Newsletter`,
  landing: msg`Landing Page`,
  product: msg`Product Description`,
};

export const contentStatusNames: Record<ContentStatus, MessageDescriptor> = {
  draft: msg`draft`,
  scheduled: msg`scheduled`,
  published: msg`published`,
};

/** Spec 000 §2.5: published has the default badge style, anything else the secondary one. */
export const statusBadgeVariant = (status: string) => (status === 'published' ? 'default' : 'secondary');

/** `?open=` value that asks the content tab to focus its generator form (the overview's Generate Content). */
export const generateContentIntent = 'generate';

/** `?open=content-12` on the content tab: the tab opens that item's editor (the command palette's way to it). */
export const contentIntent = (id: number) => `content-${id}`;

export function parseContentIntent(open: string | null): number | null {
  const id = Number(/^content-(\d+)$/.exec(open ?? '')?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
