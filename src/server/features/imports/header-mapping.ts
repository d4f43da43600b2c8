/** Contact fields a CSV column can feed. `fullName` is split into first and last name. */
export const importFields = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'company',
  'source',
  'status',
  'value',
  'address',
  'city',
  'state',
  'zip',
  'notes',
  'dealName',
  'dealValue',
  'dealStage',
] as const;
export type ImportField = (typeof importFields)[number];

/**
 * Header spellings seen in exports from spreadsheets, Google/Outlook contacts and other CRMs,
 * compared after lower-casing and dropping everything but letters and digits
 * ('E-mail' -> 'email', 'First Name' -> 'firstname', 'first_name' -> 'firstname').
 */
const aliases: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'fname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  fullName: ['name', 'fullname', 'contactname', 'contact', 'displayname'],
  email: [
    'email',
    'emailaddress',
    'mail',
    'emailaddr',
    'primaryemail',
    'workemail',
    'email1',
    'emailaddress1',
  ],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'workphone',
    'primaryphone',
    'phone1',
  ],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'org',
    'business',
    'businessname',
    'employer',
    'account',
    'accountname',
  ],
  source: ['source', 'leadsource', 'site', 'website'],
  status: ['status', 'leadstatus', 'contactstatus', 'stage'],
  value: ['value', 'amount', 'revenue', 'lifetimevalue', 'ltv'],
  address: ['address', 'street', 'streetaddress', 'address1', 'addressline1', 'mailingaddress'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region', 'stateprovince'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal'],
  notes: ['notes', 'note', 'comments', 'comment', 'description'],
  // Deal columns: a row with a deal name also creates that deal for the contact (issue 17).
  dealName: ['dealname', 'deal', 'opportunity', 'opportunityname'],
  dealValue: ['dealvalue', 'dealamount', 'opportunityvalue', 'opportunityamount'],
  dealStage: ['dealstage', 'opportunitystage', 'pipelinestage'],
};

const fieldByAlias = new Map<string, ImportField>(
  importFields.flatMap((field) => aliases[field].map((alias) => [alias, field] as const)),
);

export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface ColumnMapping {
  /** Column index feeding each recognised field (the first matching column wins). */
  columns: Partial<Record<ImportField, number>>;
  /** Headers that feed nothing, reported to the user. */
  ignored: string[];
}

export function mapHeader(header: readonly string[]): ColumnMapping {
  const columns: Partial<Record<ImportField, number>> = {};
  const ignored: string[] = [];
  header.forEach((raw, index) => {
    const field = fieldByAlias.get(normalizeHeader(raw));
    if (field && columns[field] === undefined) columns[field] = index;
    else if (raw.trim() !== '') ignored.push(raw.trim());
  });
  return { columns, ignored };
}

/**
 * Rows are matched to existing contacts (and to each other) by email or phone, so a file needs one
 * of those columns; without them a second import of the same file would duplicate every row.
 */
export function hasIdentityColumn(mapping: ColumnMapping): boolean {
  return mapping.columns.email !== undefined || mapping.columns.phone !== undefined;
}
