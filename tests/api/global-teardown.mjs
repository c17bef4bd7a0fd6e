import fs from 'node:fs';
import path from 'node:path';

export default async function globalTeardown() {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
