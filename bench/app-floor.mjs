// The Route Handler's floor inside our own app: a copy of the site with one more Route Handler,
// which answers the catalog's bytes and headers itself, built and run as `npm start` runs the
// site. The catalog through the site differs from it by the forwarder and the backend alone;
// it differs from the bare app's Route Handler by what Next.js's router and route modules cost
// for this app's rules and pages.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startProcess, timed, waitFor } from './lib.mjs';

// Written per answer by Node or Next.js on both sides (Next.js compresses when asked, and fetch
// asks); Next.js adds its own Vary entries to each Route Handler's answer, so only ours are given.
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'set-cookie']);
const nextsVary = /^(rsc|next-router-)/i;

// The route the copy gains: a static segment, which Next.js matches before /api/[...path].
const floorRoute = `import answer from './answer.json';

export const dynamic = 'force-dynamic';

const body = Buffer.from(answer.body, 'base64');

export function GET() {
  return new Response(body, { headers: answer.headers });
}
`;

/** The catalog's answer as the site gives it to `headers`: its header lines and its bytes. */
async function answerOf(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const kept = {};
  for (const [name, value] of response.headers) {
    if (ownHeaders.has(name)) continue;
    if (name === 'vary') {
      const ours = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => !nextsVary.test(entry));
      if (ours.length) kept.vary = ours.join(', ');
    } else kept[name] = value;
  }
  return { headers: kept, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
}

/**
 * Copies the working tree's tracked files to `work/app-floor`, adds `/api/floor` answering what
 * `catalogUrl` answered to `headers`, builds it and starts its site server with `env` on `port`.
 * Returns the floor's URL and how to stop it.
 */
export async function startAppFloor({ root, work, catalogUrl, headers, env, port }) {
  const copy = path.join(work, 'app-floor');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root }).toString().split('\0').filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(root, file))) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
  timed('linking packages for the app floor', 'cp', ['-al', path.join(root, 'node_modules'), path.join(copy, 'node_modules')]);
  const route = path.join(copy, 'app/api/floor');
  fs.mkdirSync(route, { recursive: true });
  fs.writeFileSync(path.join(route, 'answer.json'), JSON.stringify(await answerOf(catalogUrl, headers)));
  fs.writeFileSync(path.join(route, 'route.ts'), floorRoute);
  const url = `http://localhost:${port}`;
  const buildEnv = { ...process.env, NEXT_DIST_DIR: '.next', NEXT_TELEMETRY_DISABLED: '1', BUILD_SKIP_TYPECHECK: '1', SITE_URL: url };
  timed('building the app floor', process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    cwd: copy,
    env: buildEnv,
  });
  const server = startProcess(process.execPath, ['--import', 'tsx', 'server/site-server.ts'], {
    cwd: copy,
    env: { ...env, NEXT_DIST_DIR: '.next', PORT: String(port), SITE_URL: url, DATA_DIR: path.join(work, 'app-floor-data') },
  });
  await waitFor(`${url}/api/floor`, 90_000, server.child);
  return { url: `${url}/api/floor`, stop: server.stop };
}
