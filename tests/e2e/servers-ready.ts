/*
 * Playwright's global setup: waits until every server of playwright.config.ts answers at its
 * readiness address (they are started together there), and names those that never did.
 */
const readyWithinMs = 120_000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

export default async function serversReady(): Promise<void> {
  const waiting = new Set((process.env.E2E_READY_URLS ?? '').split(' ').filter(Boolean));
  const deadline = Date.now() + readyWithinMs;
  while (waiting.size > 0) {
    if (Date.now() > deadline) throw new Error(`not ready within ${readyWithinMs / 1000} s: ${[...waiting].join(', ')}`);
    await Promise.all([...waiting].map(async (url) => (await answers(url)) && waiting.delete(url)));
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
