// `npm run contract -- --base-url http://host:port`: the OpenAPI-driven security and fuzz suite
// against any running backend that speaks this site's contract (without --base-url: in-process).
import { spawnSync } from 'node:child_process';

const index = process.argv.indexOf('--base-url');
const baseUrl = index > 0 ? process.argv[index + 1] : undefined;
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
if (baseUrl) env.CONTRACT_BASE_URL = baseUrl;
const result = spawnSync(process.execPath, ['node_modules/jest/bin/jest.js', 'tests/api/contract-security.test.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
