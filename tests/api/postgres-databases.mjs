// Databases of the test PostgreSQL server, as its admin connection makes and drops them: plain
// JavaScript, so Jest's global setup and teardown (loaded outside its transform) share it with
// the TypeScript harness.
import pg from 'pg';

async function asAdmin(adminUrl, text) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server `adminUrl` reaches. */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name`, empty or as a copy of `template`; its URL. */
export async function createDatabase(adminUrl, name, { template } = {}) {
  // FILE_COPY copies the template's files at once, faster than the default (WAL_LOG), which
  // writes every block to the log; the test cluster runs without fsync, so its checkpoint is cheap.
  await asAdmin(adminUrl, `create database ${name}${template ? ` template ${template} strategy file_copy` : ''}`);
  return databaseUrl(adminUrl, name);
}

/** Drops database `name`, ending any connection still open to it. */
export function dropDatabase(adminUrl, name) {
  return asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}
