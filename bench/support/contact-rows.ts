/**
 * Deterministic contact rows shared by the benchmarks: row i has a unique email and phone, and every
 * 10th row a company with a comma in it (quoted in CSV).
 */

const statuses = ['lead', 'qualified', 'customer', 'lost'];
const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Radia',
  'Linus',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
  'Torvalds',
];
const cities = [
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Boston', 'MA', '02108'],
  ['Seattle', 'WA', '98101'],
  ['Miami', 'FL', '33101'],
];
const areaCodes = [
  201, 202, 203, 205, 206, 212, 213, 214, 215, 216, 303, 305, 312, 404, 415, 512, 617, 702, 713, 718,
];

export const csvColumns = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Status',
  'Value',
  'City',
  'State',
  'Zip',
] as const;
export const csvHeader = csvColumns.join(',');

/** Row i as a record keyed by the CSV's headers (what a JSON endpoint sends). */
export function contactRecord(i: number): Record<(typeof csvColumns)[number], string> {
  const first = firstNames[i % 10];
  const last = lastNames[Math.floor(i / 10) % 10];
  const slot = Math.floor(i / areaCodes.length);
  const [city, state, zip] = cities[i % cities.length];
  return {
    'First Name': first,
    'Last Name': last,
    Email: `${first.toLowerCase()}.${i}@bench.example`,
    Phone: `+1${areaCodes[i % areaCodes.length]}${200 + (Math.floor(slot / 10_000) % 700)}${String(slot % 10_000).padStart(4, '0')}`,
    Company: i % 10 === 0 ? `${last} & Sons, Inc` : `${last} Labs ${i % 500}`,
    Status: statuses[i % 4],
    Value: String((i % 5000) + 1),
    City: city,
    State: state,
    Zip: zip,
  };
}

/** Row i as a CSV line (no line break). */
export function csvRow(i: number): string {
  const record = contactRecord(i);
  return csvColumns
    .map((column) => (record[column].includes(',') ? `"${record[column]}"` : record[column]))
    .join(',');
}
