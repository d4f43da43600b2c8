import { checkedByServer } from '@client/lib/form';
import {
  businessTypeIds,
  exposureLevelIds,
  localBusinessCheckoutSchema,
} from '@domain/pricing/local-business';
import { z } from 'zod';

/** What the calculator's inputs hold: nothing chosen yet is ''. */
export const selectionFields = z.object({
  businessType: z.union([z.enum(businessTypeIds), z.literal('')]),
  exposureLevel: z.union([z.enum(exposureLevelIds), z.literal('')]),
  zipCodes: z.string(),
  addons: localBusinessCheckoutSchema.shape.addons,
});
export type SelectionForm = z.infer<typeof selectionFields>;

/** Calculate takes what checkout will take: the checkout body's own rules check the choices. */
export const selectionSchema = checkedByServer(
  selectionFields,
  localBusinessCheckoutSchema.pick({ businessType: true, exposureLevel: true, zipCodes: true, addons: true }),
  (values) => values,
);
