/**
 * When the Next server starts: checks the configuration and opens the embedded backend, so a
 * bad setting stops the start with its message instead of failing every request later.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { loadBackendConfig } = await import('./server/config');
  const { startFailure } = await import('./server/startup-error');
  try {
    const { siteUrl } = loadBackendConfig();
    const built = process.env.NEXT_PUBLIC_SITE_URL;
    if (siteUrl && built && siteUrl !== built) {
      console.warn(
        `SITE_URL is ${siteUrl}, but the static pages were built for ${built}: their canonical and language links point there until the next build.`,
      );
    }
    if (process.env.BACKEND_URL) return;
    // A stop closes the embedded database once the site server has drained (server/backend.ts).
    const { sharedBackend } = await import('./server/backend');
    await sharedBackend();
  } catch (error) {
    startFailure('site', error);
  }
}
