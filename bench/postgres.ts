// A throwaway database on the PostgreSQL server named by DATABASE_URL, for one bench step.
import { randomBytes } from 'node:crypto';

export async function withThrowawayDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const name = `argus_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
