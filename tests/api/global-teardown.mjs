import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  if (template) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${template}`);
    } finally {
      await admin.end();
    }
  }
}
