/** Opens the embedded backend when the Next server starts, not on the first visitor's request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const built = process.env.NEXT_PUBLIC_SITE_URL;
  const configured = URL.canParse(process.env.SITE_URL ?? '') && new URL(process.env.SITE_URL!).origin;
  if (configured && built && configured !== built) {
    process.stderr.write(`SITE_URL is ${configured}, but the static pages were built for ${built}: their canonical and language links point there until the next build.\n`);
  }
  if (process.env.BACKEND_URL) return;
  const { sharedBackend } = await import('./server/backend');
  await sharedBackend();
}
