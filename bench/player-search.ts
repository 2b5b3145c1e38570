import { openTestDatabase } from '@chrysos/db/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProduct } from '../e2e/server.ts';

/**
 * The back office's player search (issue 38: p99 ≤ 100 ms on 1,000,000 players) on PostgreSQL: the
 * built product, a million players with Greek and Cypriot names, documents and VIP groups made in SQL,
 * and each kind of search
 * a support agent types, through GET /api/operator/players, next to GET /api/operator/me (the same
 * authentication, no search) measured in the same run. Prints figures, never passes or fails.
 *
 *   DATABASE_URL=postgres://… node bench/player-search.ts [--players 1000000] [--duration 5] [--connections 10]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const players = argument('players', 1_000_000);
const duration = argument('duration', 5);
const connections = argument('connections', 10);
const token = 'bench-operator-token-0123456789abcdef';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const database = await openTestDatabase('postgres');
const product = await startProduct({ env: { DATABASE_URL: database.url ?? '', OPERATOR_API_TOKEN: token } });
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  const started = Date.now();
  // Names as a Greek casino's players have them; the n-th player's is picked by n, so each search
  // below matches a known share: a first name 1 in 12, a last name 1 in 12, a pair 1 in 144.
  await sql.query(
    `insert into players (email, first_name, last_name, currency, country, terms_acceptance,
       age_acceptance, created_at, disabled_at)
     select lower(f.name || '.' || l.name || '.' || n) || '@example.gr', f.name, l.name, 'EUR',
       (array['GR','GR','GR','CY','DE','GB'])[1 + n % 6], true, true,
       now() - make_interval(secs => (n * 97) % 94608000),
       case when n % 50 = 0 then now() end
     from generate_series(1, $1::int) as n
     cross join lateral (select (array['Maria','Eleni','Ioanna','Georgios','Dimitrios','Nikolaos',
       'Konstantinos','Katerina','Vasiliki','Christos','Panagiotis','Sofia'])[1 + n % 12] as name) f
     cross join lateral (select (array['Papadopoulou','Papadopoulos','Georgiou','Nikolaou',
       'Pappas','Oikonomou','Karagiannis','Vlachos','Ioannou','Christodoulou','Makris','Konstantinou'])
       [1 + (n / 12) % 12] as name) l`,
    [players],
  );
  // Identity verification as a casino's players stand: 1 in 20 verified (identity and address
  // approved), 1 in 97 with a document waiting for review; VIP levels by group: 1 in 30 Gold, 1 in
  // 5,000 Chrysos.
  await sql.query(
    `with numbered as (select id, row_number() over (order by created_at) as n from players)
     insert into player_documents (player_id, kind, status, file_name, content_type, size)
     select id, kind, case when n % 20 = 0 then 'approved' else 'pending' end, kind || '.jpg', 'image/jpeg', 1
     from numbered cross join (values ('identity'), ('address')) as k(kind)
     where n % 20 = 0 or (n % 97 = 0 and kind = 'identity')`,
  );
  await sql.query(
    `with numbered as (select id, row_number() over (order by created_at) as n from players)
     insert into player_groups (player_id, "group")
     select id, case when n % 5000 = 0 then 'loyalty_chrysos' else 'loyalty_gold' end from numbered
     where n % 30 = 0 or n % 5000 = 0`,
  );
  await sql.query('analyze players; analyze player_documents; analyze player_groups');
  console.log(
    `${players.toLocaleString('en')} players made in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  // A player somewhere in the middle, as a support agent would be given one by id or email.
  const [known] = (
    await sql.query<{ id: string; email: string }>(
      `select id, email from players order by created_at offset ${Math.floor(players / 2)} limit 1`,
    )
  ).rows;
  if (!known) throw new Error('no player was made');
  const searches: [string, string][] = [
    ['an id', `q=${known.id}`],
    ['a whole email', `q=${encodeURIComponent(known.email)}`],
    ['the start of an email', 'q=eleni.papad'],
    ['a last name', 'q=oikonomou'],
    ['a first and a last name', 'q=katerina%20vlachos'],
    ['a last name, in Cyprus', 'q=makris&country=CY'],
    ['a first name, disabled', 'q=maria&status=disabled'],
    ['a first name, disabled, in Germany (none)', 'q=sofia&status=disabled&country=DE'],
    ['disabled only', 'status=disabled'],
    ['a country only', 'country=DE'],
    ['verified only', 'kyc=verified'],
    ['documents to review', 'kyc=pending_review'],
    ['a last name, not verified', 'q=pappas&kyc=unverified'],
    ['verified, in Cyprus', 'kyc=verified&country=CY'],
    ['Gold level', 'group=loyalty_gold'],
    ['Chrysos level (1 in 5,000)', 'group=loyalty_chrysos'],
    ['a first name, Gold level', 'q=eleni&group=loyalty_gold'],
    ['documents to review, Gold level', 'kyc=pending_review&group=loyalty_gold'],
    ['nothing: the newest', ''],
  ];

  const headers = { authorization: `Bearer ${token}` };
  async function measure(name: string, path: string) {
    const url = `${product.url}${path}`;
    await autocannon({ url, headers, connections, duration: 1 });
    const result = await autocannon({ url, headers, connections, duration });
    return {
      search: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }
  const rows = [await measure('baseline: GET /api/operator/me', '/api/operator/me')];
  for (const [name, query] of searches) {
    const found = await fetch(`${product.url}/api/operator/players?${query}`, { headers });
    const count = ((await found.json()) as unknown[]).length;
    rows.push({ ...(await measure(`${name} (${count} shown)`, `/api/operator/players?${query}`)) });
  }
  console.log(
    `\n${connections} connections, ${duration} s each, PostgreSQL, ${players.toLocaleString('en')} players`,
  );
  console.table(rows);
} finally {
  await sql.end();
  await product.stop();
  await database.close();
}
