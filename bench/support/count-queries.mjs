// Loaded into a server with `node --import` by the benchmarks that count its round trips to PostgreSQL:
// node-postgres sends a client's next query only once the previous one is answered, so each call of
// Client#query is one round trip (a simple query carrying several statements is one too). On SIGUSR2 the
// server writes the count so far to stderr as `pg-queries <n> <json>`, the JSON counting each statement
// by the start of its text (or its name), so a bench can say where its round trips go.
import pg from 'pg';

let queries = 0;
const byText = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  queries += 1;
  const [first] = args;
  const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?');
  // Only the start is collapsed: a long text (a segment evaluation's) would cost the measured server more.
  const key = String(text).slice(0, 400).replace(/\s+/g, ' ').slice(0, 90);
  byText.set(key, (byText.get(key) ?? 0) + 1);
  return query.apply(this, args);
};
process.on('SIGUSR2', () =>
  process.stderr.write(`pg-queries ${queries} ${JSON.stringify(Object.fromEntries(byText))}\n`),
);
