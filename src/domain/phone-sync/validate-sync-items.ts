import type { z } from 'zod';
import { normalizePhone } from '../contacts/phone.js';
import {
  type CallSyncItem,
  type ContactSyncItem,
  type MessageSyncItem,
  type PhoneSyncType,
  syncItemSchemas,
} from './sync-schemas.js';

export interface SyncItemIssue {
  /** e.g. "data[2].phoneNumber" */
  path: string;
  message: string;
}

export type ValidatedSync =
  | { type: 'contacts'; items: ContactSyncItem[] }
  | { type: 'calls'; items: CallSyncItem[] }
  | { type: 'messages'; items: MessageSyncItem[] };

function itemPath(index: number, path: readonly PropertyKey[]): string {
  return `data[${index}]${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
}

/**
 * Validates every item of a sync and normalises its phone numbers to E.164. Each problem names
 * its item and field ("data[2].phoneNumber: is not a valid phone number"); one bad item rejects the sync.
 */
export function validateSyncItems(
  type: PhoneSyncType,
  data: unknown[],
): { ok: true; value: ValidatedSync } | { ok: false; issues: SyncItemIssue[] } {
  const schema = syncItemSchemas[type] as z.ZodType<ContactSyncItem | CallSyncItem | MessageSyncItem>;
  const issues: SyncItemIssue[] = [];
  const items: Array<ContactSyncItem | CallSyncItem | MessageSyncItem> = [];
  data.forEach((raw, index) => {
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues)
        issues.push({ path: itemPath(index, issue.path), message: issue.message });
      return;
    }
    const item = { ...result.data };
    const phoneField = 'phoneNumber' in item ? 'phoneNumber' : 'phone';
    const phone = (item as Record<string, unknown>)[phoneField];
    if (typeof phone === 'string' && phone !== '') {
      const e164 = normalizePhone(phone);
      if (!e164) {
        issues.push({ path: itemPath(index, [phoneField]), message: /*i18n*/ 'is not a valid phone number' });
        return;
      }
      (item as Record<string, unknown>)[phoneField] = e164;
    }
    items.push(item);
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { type, items } as ValidatedSync };
}
