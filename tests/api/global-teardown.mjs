import fs from 'node:fs';
import path from 'node:path';
import { dropDatabase } from './postgres-databases.mjs';

export default async function globalTeardown() {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  if (template) await dropDatabase(process.env.TEST_DATABASE_URL, template);
}
