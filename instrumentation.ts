/** Opens the embedded backend when the Next server starts, not on the first visitor's request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.BACKEND_URL) return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { sharedBackend } = await import('./server/backend');
  await sharedBackend();
}
