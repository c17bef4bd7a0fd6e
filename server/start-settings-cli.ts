import { startSettings } from './start-settings';
import { startFailure } from './startup-error';

/**
 * Run by scripts/start.mjs before it builds, with the environment Next.js will see: prints what
 * `npm start` adds as JSON, or stops naming each setting that cannot be used.
 */
try {
  process.stdout.write(JSON.stringify(startSettings(process.env)));
} catch (error) {
  startFailure('site', error);
}
