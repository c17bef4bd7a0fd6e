// Fills in deploy/nginx/bluebonnet.conf.template from the environment and prints the result
// (docs/deploy.md). The topology test renders it the same way, with loopback ports.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const template = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx', 'bluebonnet.conf.template');

// Each instance twice. As a primary, one connection error or timeout takes it out for
// fail_timeout (then one request tries it again), so a frozen instance holds the calls of one
// read timeout, not every other call for as long as it stays frozen. As a backup with
// max_fails=0, it is used only while every primary is out and is never taken out itself, so
// the pool can never be empty (a rolling restart takes each primary out in turn).
const serverLines = (list) => {
  const addresses = list
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  return [
    ...addresses.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`),
    ...addresses.map((address) => `    server ${address} backup max_fails=0;`),
  ].join('\n');
};

// nginx's own answers (the redirect to HTTPS, a body over the limit, no upstream answering)
// show no page and run no script: headers that allow nothing.
const edgeHeaders = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Frame-Options', 'DENY'],
]
  .map(([name, value]) => `        add_header ${name} "${value}" always;`)
  .join('\n');

/**
 * The configuration for these settings (docs/deploy.md lists them); SITE_URL and the TLS files
 * are required, the rest have defaults. HTTPS is served on SITE_URL's port unless HTTPS_LISTEN
 * says otherwise (a port behind a forwarding firewall, or an address and port).
 */
export function renderNginx(settings) {
  if (!settings.SITE_URL)
    throw new Error('deploy/render-nginx.mjs: SITE_URL has no value (the public origin, such as https://www.example.com)');
  const origin = new URL(settings.SITE_URL);
  if (origin.protocol !== 'https:')
    throw new Error(`deploy/render-nginx.mjs: SITE_URL must be https: nginx serves the site over TLS (got ${origin.origin})`);
  const values = {
    SERVER_NAME: origin.hostname,
    PUBLIC_ORIGIN: origin.origin,
    HTTPS_LISTEN: settings.HTTPS_LISTEN ?? (origin.port || '443'),
    HTTP_LISTEN: settings.HTTP_LISTEN ?? '80',
    TLS_CERTIFICATE: settings.TLS_CERTIFICATE,
    TLS_CERTIFICATE_KEY: settings.TLS_CERTIFICATE_KEY,
    CACHE_DIR: settings.CACHE_DIR ?? '/var/cache/nginx/bluebonnet',
    ACCESS_LOG: settings.ACCESS_LOG ?? '/var/log/nginx/bluebonnet-access.log',
    BACKEND_SERVERS: serverLines(settings.BACKENDS ?? '127.0.0.1:4001,127.0.0.1:4002'),
    NEXT_SERVERS: serverLines(settings.NEXT_SERVERS ?? '127.0.0.1:3000'),
    EDGE_HEADERS: edgeHeaders,
  };
  return fs.readFileSync(template, 'utf8').replace(/\$\{([A-Z_]+)\}/g, (whole, name) => {
    const value = values[name];
    if (!value)
      throw new Error(
        `deploy/render-nginx.mjs: ${name} has no value (set ${name === 'SERVER_NAME' || name === 'PUBLIC_ORIGIN' ? 'SITE_URL' : name})`,
      );
    return value;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(renderNginx(process.env));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
