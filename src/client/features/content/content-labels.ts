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
