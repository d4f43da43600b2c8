import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FixCategory } from './link-fixes-api';

/** Each category of link fix by id, as the deployment screen's filters and fix lists name it. */
export const categoryLabels: Record<FixCategory, MessageDescriptor> = {
  'broken-internal': msg`Broken internal links`,
  'broken-external': msg`Broken external links`,
  'redirect-chain': msg`Redirect chains`,
  'redirect-loop': msg`Redirect loops`,
  'http-to-https': msg`http to https`,
  'case-mismatch': msg`Letter case mismatches`,
  'trailing-slash': msg`Trailing slash mismatches`,
  'broken-resource': msg`Broken images, styles and scripts`,
};
