import type { CsvItem } from './csv-items.js';
import type { ColumnMapping } from './header-mapping.js';
import { fillBlanks, type ImportContact, validateRow } from './row-validation.js';

export interface SourceRow {
  rowNumber: number;
  line: number;
  fields: string[];
}

export interface FailedRow extends SourceRow {
  reason: string;
}

/** One person of the batch: the first row about them, with later rows' details folded in. */
export interface StagedContact {
  contact: ImportContact;
  rows: SourceRow[];
}

/**
 * The rows of one batch, validated and deduplicated: rows with the same email (case-insensitive),
 * or the same phone where the emails do not contradict, become one contact. Rows of earlier
 * batches are already in the database, where the merge finds them the same way.
 */
export class ImportBatch {
  readonly staged: StagedContact[] = [];
  readonly failed: FailedRow[] = [];
  rowCount = 0;
  private readonly byEmail = new Map<string, StagedContact>();
  private readonly byPhone = new Map<string, StagedContact>();

  constructor(private readonly mapping: ColumnMapping) {}

  add(item: CsvItem, rowNumber: number): void {
    this.rowCount += 1;
    if ('error' in item) {
      this.failed.push({ rowNumber, line: item.line, fields: [], reason: item.error });
      return;
    }
    const source: SourceRow = { rowNumber, line: item.line, fields: item.fields };
    const result = validateRow(item.fields, this.mapping);
    if (!result.ok) {
      this.failed.push({ ...source, reason: result.reason });
      return;
    }
    const { contact } = result;
    const phoneOwner = contact.phone ? this.byPhone.get(contact.phone) : undefined;
    let entry = contact.email ? this.byEmail.get(contact.email) : undefined;
    if (!entry && phoneOwner && (phoneOwner.contact.email === null || contact.email === null))
      entry = phoneOwner;
    if (phoneOwner && entry !== phoneOwner) {
      this.failed.push({
        ...source,
        reason: `Phone ${contact.phone} is already on row ${phoneOwner.rows[0].rowNumber}, which has a different email`,
      });
      return;
    }
    if (!entry) {
      entry = { contact, rows: [source] };
      this.staged.push(entry);
    } else {
      fillBlanks(entry.contact, contact);
      entry.rows.push(source);
    }
    if (entry.contact.email) this.byEmail.set(entry.contact.email, entry);
    if (entry.contact.phone) this.byPhone.set(entry.contact.phone, entry);
  }

  /** Whether a contact of this batch has an email or phone that one of `other`'s has. */
  sharesIdentityWith(other: ImportBatch): boolean {
    for (const email of this.byEmail.keys()) if (other.byEmail.has(email)) return true;
    for (const phone of this.byPhone.keys()) if (other.byPhone.has(phone)) return true;
    return false;
  }
}
