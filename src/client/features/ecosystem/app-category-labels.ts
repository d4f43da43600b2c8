import type { AppCategory } from '@domain/ecosystem/ecosystem-schemas';
import { msg } from '@lingui/core/macro';

/** The ecosystem's app categories, as the tabs and badges name them. */
export const categoryLabels: Record<AppCategory, ReturnType<typeof msg>> = {
  core: msg`Core`,
  business: msg`Business`,
  healing: msg`Healing`,
  nonprofit: msg`Nonprofit`,
  entertainment: msg`Entertainment`,
  education: msg`Education`,
};
