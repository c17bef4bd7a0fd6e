import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// next-intl, PGlite and otplib's base32 and hash libraries ship ESM that Jest must transform
// (next/jest ignores node_modules); @otplib keeps its own copy of @noble/hashes in its folder.
const transformIgnorePatterns = [
  '/node_modules/(?!(next-intl|use-intl|icu-minify|intl-messageformat|@formatjs|@schummar|@electric-sql|otplib|@otplib|@scure|@noble)/)',
  '^.+\\.module\\.(css|sass|scss)$',
];

const shared = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
};

export default async function config() {
  const node = await createJestConfig({
    ...shared,
    displayName: 'unit+api',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/api/**/*.test.ts'],
    // The home page inlines randomInt's source into its hero script, where coverage counters would not exist.
    coveragePathIgnorePatterns: ['/node_modules/', '<rootDir>/lib/random.ts'],
    globalSetup: '<rootDir>/tests/api/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/api/global-teardown.mjs',
  })();
  const dom = await createJestConfig({
    ...shared,
    displayName: 'components',
    // jsdom on the real backend's origin, started once for the project (tests/components/runner).
    testEnvironment: '<rootDir>/tests/components/runner/environment.js',
    globalSetup: '<rootDir>/tests/components/runner/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/components/runner/global-teardown.mjs',
    testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
    setupFilesAfterEnv: ['<rootDir>/tests/components/setup.ts', '<rootDir>/tests/components/runner/network.ts'],
  })();
  return {
    // The suite's one timeout, for tests and hooks alike (no file sets its own). Some start
    // databases, command-line processes or an older release's backend, which take seconds and
    // several times longer beside the other worker on a loaded machine: the limit is there to
    // end a hung test, not to time a slow one. A global option in Jest, so not per project.
    testTimeout: 60_000,
    // A worker that ran many files leaves its event loop within milliseconds of being told to
    // end, but tearing down its large heap can outlast Jest's short default on a loaded
    // machine, which then reports a leak that is not there. One that truly hangs still warns.
    workerGracefulExitTimeout: 5_000,
    projects: [
      { ...node, transformIgnorePatterns },
      { ...dom, transformIgnorePatterns },
    ],
  };
}
