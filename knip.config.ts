import type { KnipConfig } from 'knip';

// Unused files, exports and dependencies fail `npm run lint`. Next.js, Jest, Playwright and
// the npm scripts are found by knip's plugins; these are the entry points they cannot see.
const config: KnipConfig = {
  entry: [
    // Run by path: the test command's fault stage, the topology stage, the bench, operator drills.
    'scripts/**/*.mjs',
    'tests/topology/*.{mjs,ts}',
    'bench/*.mjs',
    'bench/baseline/**/*.{ts,tsx}',
    'deploy/*.{mjs,mts}',
    // Types of plain modules that Jest's global setup shares with the TypeScript tests.
    'tests/**/*.d.mts',
    // Spawned by scripts/start.mjs with tsx.
    'server/start-settings-cli.ts',
  ],
  ignoreDependencies: [
    // Read from node_modules by path: the invoice PDF's fonts.
    'dejavu-fonts-ttf',
    // Named in eslint.config.mjs by their rule prefixes and parser; eslint-config-next loads them.
    'eslint-plugin-react-hooks',
    'typescript-eslint',
    // The previous release's mail layout imports it; its backend runs on this checkout's
    // node_modules (tests/api/previous-release.test.ts) until deploy/previous-release moves on.
    '@react-email/components',
    // Types of a package the tests import.
    '@types/smtp-server',
  ],
  // System programs the scripts run.
  ignoreBinaries: ['runuser', 'openssl', 'mount', 'umount', 'systemd-analyze'],
};

export default config;
