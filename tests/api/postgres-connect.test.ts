import net from 'node:net';
import { Client } from 'pg';
import { openDatabase } from '@/server/db/database';
import { createDatabase, databaseUrl, dropDatabase } from './postgres-databases.mjs';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const patience = { patienceMs: 1_200, pauseMs: 300 };

describe('a DATABASE_URL that does not work says which part is wrong', () => {
  it('a closed port, after waiting a bounded time for it', async () => {
    const port = await closedPort();
    const started = Date.now();
    await expect(openDatabase({ kind: 'postgres', url: `postgres://site@127.0.0.1:${port}/website`, patience })).rejects.toThrow(
      `DATABASE_URL: nothing accepts connections at 127.0.0.1:${port}; is PostgreSQL running there?`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('an unknown host, at once', async () => {
    await expect(openDatabase({ kind: 'postgres', url: 'postgres://site@no-such-host.invalid/website', patience })).rejects.toThrow(
      'DATABASE_URL: the host "no-such-host.invalid" is unknown',
    );
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = adminUrl ? it : it.skip;

  onPostgres('a missing database', async () => {
    const url = new URL(databaseUrl(adminUrl!, 'no_such_database'));
    await expect(openDatabase({ kind: 'postgres', url: url.toString(), patience })).rejects.toThrow(
      `DATABASE_URL: the database "no_such_database" does not exist at ${url.hostname}:${url.port}; create it (createdb)`,
    );
  });

  onPostgres('a database the site’s user does not own (made or restored as another), naming the fix', async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    const [role, name] = [`not_owner_${process.pid}`, `not_owned_${process.pid}`];
    await admin.query(`create role ${role} login password 'x'`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    Object.assign(url, { username: role, password: 'x', pathname: `/${name}` });
    try {
      await expect(openDatabase({ kind: 'postgres', url: url.toString(), patience })).rejects.toThrow(
        `DATABASE_URL: the user "${role}" may not create tables in the database "${name}" (permission denied): make it the owner (createdb -O ${role} ${name}), and restore dumps with pg_restore --no-owner --role=${role}`,
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });

  onPostgres('three backends starting at once on a new database all come up, migrated once', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `concurrent_start_${process.pid}_${round}`;
      const url = await createDatabase(adminUrl!, name);
      try {
        const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ kind: 'postgres', url, poolSize: 2 })));
        const applied = await databases[0].db.execute('select count(*) as n from drizzle.__drizzle_migrations');
        expect(Number((applied as unknown as { rows: { n: string }[] }).rows[0].n)).toBeGreaterThan(0);
        await Promise.all(databases.map((database) => database.close()));
      } finally {
        await dropDatabase(adminUrl!, name);
      }
    }
  });
});
