// The what-ifs of keyset paging and estimated totals (docs/lists.md), measured in one run on the large data:
// each row pairs the way a request was answered before (offset, an exact count on every page, no sort index)
// with how it is answered now, as requests per second from one client on loopback (1 / median time: the
// median, not the mean, so that other work on a shared machine does not decide the figure).
// Used by bench-lists.mjs after its request table; the index what-if needs PostgreSQL (a client on the
// benchmark's own database drops the index, measures, and creates it again).
import pg from 'pg';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PAGE = 25;

async function measure(base, cookie, path) {
  const times = [];
  let res;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = performance.now();
    res = await fetch(`${base}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (i >= 3) times.push(performance.now() - started);
  }
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const estimated = res.headers.get('x-total-is-estimate') === 'true';
  return { perSecond: 1000 / median, total: `${estimated ? '~' : ''}${res.headers.get('x-total-count')}` };
}

/** The cursor that reads page `page` of a list: the next cursor of the page before it. */
async function cursorFor(base, cookie, path, page) {
  const res = await fetch(`${base}${path}&limit=${PAGE}&offset=${(page - 2) * PAGE}`, {
    headers: { cookie },
  });
  const cursor = res.headers.get('x-next-cursor');
  if (!cursor) throw new Error(`no next cursor on ${path} page ${page - 1}`);
  return cursor;
}

function row(label, before, after) {
  const ratio = after.perSecond / before.perSecond;
  console.log(
    `${label.padEnd(46)} ${before.perSecond.toFixed(0).padStart(7)} ${after.perSecond.toFixed(0).padStart(7)} ${`${ratio.toFixed(1)}x`.padStart(7)}   totals ${before.total} / ${after.total}`,
  );
}

/** Drops an index for the time of `work`, then creates it again as it was. */
async function withoutIndex(databaseUrl, name, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select indexdef from pg_indexes where indexname = $1', [name]);
    if (!rows[0]) throw new Error(`no index ${name}`);
    await client.query(`drop index ${name}`);
    try {
      return await work();
    } finally {
      await client.query(rows[0].indexdef);
      await client.query('analyze change_requests');
    }
  } finally {
    await client.end();
  }
}

export async function benchKeyset(base, cookie, databaseUrl) {
  const audit = '/api/audit-events?sort=-createdAt';
  const changes = '/api/change-requests?sort=-createdAt';
  console.log(
    `\n${'what-if (requests/s, one client, median)'.padEnd(46)} ${'before'.padStart(7)} ${'after'.padStart(7)} ${'gain'.padStart(7)}`,
  );
  const exactFirst = await measure(base, cookie, `${audit}&limit=${PAGE}&exactTotal=true`);
  const estimatedFirst = await measure(base, cookie, `${audit}&limit=${PAGE}`);
  row('audit page 1: exact count -> estimate', exactFirst, estimatedFirst);
  const deepOffset = await measure(
    base,
    cookie,
    `${audit}&limit=${PAGE}&offset=${999 * PAGE}&exactTotal=true`,
  );
  const cursor = await cursorFor(base, cookie, audit, 1000);
  const deepCursor = await measure(base, cookie, `${audit}&limit=${PAGE}&cursor=${cursor}`);
  row('audit page 1,000: offset + count -> cursor + est.', deepOffset, deepCursor);
  const deepOffsetEstimated = await measure(base, cookie, `${audit}&limit=${PAGE}&offset=${999 * PAGE}`);
  row('audit page 1,000: offset -> cursor (both est.)', deepOffsetEstimated, deepCursor);
  row('audit: page 1 -> page 1,000 by cursor', estimatedFirst, deepCursor);
  const changesNow = await measure(base, cookie, `${changes}&limit=${PAGE}`);
  if (databaseUrl) {
    const changesBefore = await withoutIndex(databaseUrl, 'change_requests_created_sort_idx', () =>
      measure(base, cookie, `${changes}&limit=${PAGE}&exactTotal=true`),
    );
    row('change requests page 1: no index + count -> now', changesBefore, changesNow);
  }
  const changesExact = await measure(base, cookie, `${changes}&limit=${PAGE}&exactTotal=true`);
  row('change requests page 1: exact count -> estimate', changesExact, changesNow);
}
