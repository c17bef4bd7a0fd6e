// A rolling restart under steady load, as a deploy does it (docs/deploy.md): every backend,
// then every Next.js server, one by one, each stopped by SIGTERM and waited for until ready.
// Clients through nginx must see no error at all: no 5xx, no broken connection.
import https from 'node:https';

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 16 });

/** One request through nginx: its status, or the connection error's code. */
function send(siteUrl, method, path, body) {
  return new Promise((resolve) => {
    const request = https.request(
      new URL(path, siteUrl),
      { method, agent, headers: body ? { 'Content-Type': 'application/json' } : {} },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', (error) => resolve(error.code ?? 'error'));
    request.setTimeout(30_000, () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.end(body);
  });
}

/**
 * Keeps `clients` loops of requests going while `during` runs: an API read, a page nginx has
 * not cached (a query of its own), and a POST (refused by validation, so it changes nothing).
 */
export async function underLoad(siteUrl, during, clients = 6) {
  let running = true;
  const outcomes = new Map();
  let n = 0;
  const loop = async () => {
    while (running) {
      const i = n++;
      const [method, path, body] = [
        ['GET', '/api/health'],
        ['GET', `/legal/privacy-policy?rolling=${i}`],
        ['POST', '/api/auth/login', '{}'],
      ][i % 3];
      const outcome = await send(siteUrl, method, path, body);
      const key = `${method} ${path.split('?')[0]} → ${outcome}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  };
  const loops = Array.from({ length: clients }, loop);
  try {
    await during();
  } finally {
    running = false;
    await Promise.all(loops);
    agent.destroy();
  }
  const errors = [...outcomes].filter(([key]) => !/→ [234]\d\d$/.test(key));
  return { total: n, outcomes: Object.fromEntries(outcomes), errors: Object.fromEntries(errors) };
}
