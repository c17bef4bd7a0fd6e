// The production topology of docs/deploy.md on loopback: nginx (Debian's package) terminating
// TLS with a self-signed certificate, backends (`npm run server`) and one Next.js server on a
// PostgreSQL database, migrated first as a step of its own. Used by the topology test stage
// (tests/topology/run.mjs) and the benchmark. Needs a production build in NEXT_DIST_DIR.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { renderNginx } from '../deploy/render-nginx.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');

export const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? null;

async function waitFor(url, child, name) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} ended (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name}: ${url} did not answer within 90 s`);
}

/**
 * Starts the topology in `work` (a folder of its own; logs go there as <name>.log). `env` is
 * added to every application process (SMTP_URL, LOG_LEVEL, …). `cacheDir` is nginx's CACHE_DIR,
 * a folder in `work` unless given (a drill mounts a filesystem of its own there). Resolves
 * once every part answers.
 */
export async function startTopology({
  work,
  databaseUrl,
  backendCount = 2,
  nextCount = 2,
  env = {},
  cacheDir = path.join(work, 'nginx-cache'),
}) {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  const children = [];
  const commands = new Map();
  const start = (name, command, args, extraEnv = {}) => {
    const log = fs.openSync(path.join(work, `${name}.log`), 'a');
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...extraEnv }, stdio: ['ignore', log, log] });
    children.push(child);
    commands.set(name, { command, args, extraEnv });
    return child;
  };
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  };
  try {
    const [https, http, ...ports] = await Promise.all(Array.from({ length: 2 + nextCount + backendCount }, () => freePort()));
    const [nextPorts, backendPorts] = [ports.slice(0, nextCount), ports.slice(nextCount)];
    const siteUrl = `https://localhost:${https}`;
    const [certificate, key] = [path.join(work, 'cert.pem'), path.join(work, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    );

    const common = {
      ...env,
      NODE_ENV: 'production',
      SITE_URL: siteUrl,
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: crypto.randomBytes(32).toString('hex'),
      NEXT_TELEMETRY_DISABLED: '1',
    };
    // Migrations first, as a deploy runs them; the backends then find the database ready.
    execFileSync(process.execPath, ['--import', 'tsx', 'server/db/migrate-cli.ts'], {
      cwd: root,
      env: { ...process.env, ...common },
      stdio: 'ignore',
    });
    const backendEnv = { ...common, HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1', DATA_DIR: work };
    const backends = backendPorts.map((port, i) => ({
      port,
      child: start(`backend-${i + 1}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], { ...backendEnv, PORT: String(port) }),
    }));
    // Next.js's own /api forwarder is not used through nginx; it points at a backend all the same.
    const nexts = nextPorts.map((port, i) => ({
      port,
      child: start(`next-${i + 1}`, process.execPath, ['--import', 'tsx', 'server/site-server.ts'], {
        ...common,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUSTED_PROXIES: '127.0.0.1',
        DATABASE_URL: '',
        BACKEND_URL: `http://127.0.0.1:${backendPorts[0]}`,
      }),
    }));

    fs.mkdirSync(cacheDir, { recursive: true });
    const site = renderNginx({
      SITE_URL: siteUrl,
      HTTPS_LISTEN: `127.0.0.1:${https}`,
      HTTP_LISTEN: `127.0.0.1:${http}`,
      TLS_CERTIFICATE: certificate,
      TLS_CERTIFICATE_KEY: key,
      CACHE_DIR: cacheDir,
      ACCESS_LOG: path.join(work, 'nginx-access.json'),
      BACKENDS: backendPorts.map((port) => `127.0.0.1:${port}`).join(','),
      NEXT_SERVERS: nextPorts.map((port) => `127.0.0.1:${port}`).join(','),
    });
    fs.writeFileSync(path.join(work, 'bluebonnet.conf'), site);
    // Debian's /etc/nginx/nginx.conf, reduced to what this needs: its own folders, no daemon.
    const temp = (name) => `${name}_temp_path ${path.join(work, `nginx-${name}`)};`;
    const config = path.join(work, 'nginx.conf');
    fs.writeFileSync(
      config,
      [
        process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(work, 'nginx.pid')};`,
        `error_log ${path.join(work, 'nginx-error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${path.join(work, 'bluebonnet.conf')};`,
        '}',
      ].join('\n'),
    );
    fs.chmodSync(work, 0o755);
    execFileSync('chmod', ['-R', 'a+rwX', cacheDir]);
    execFileSync(nginx, ['-t', '-q', '-c', config], { stdio: 'inherit' });
    const proxy = start('nginx', nginx, ['-c', config]);

    for (const [i, backend] of backends.entries())
      await waitFor(`http://127.0.0.1:${backend.port}/api/health`, backend.child, `backend ${i + 1}`);
    for (const [i, next] of nexts.entries()) await waitFor(`http://127.0.0.1:${next.port}/blank`, next.child, `Next.js ${i + 1}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (proxy.exitCode !== null) throw new Error(`nginx ended (${proxy.exitCode})`);
    /**
     * Stops one instance as systemd would (SIGTERM, waiting for it to exit), starts it again
     * and resolves once it is ready: a step of a rolling restart.
     */
    const restart = async (instance, name, readyUrl) => {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`${name} stopped with ${code}, not 0`);
      const { command, args, extraEnv } = commands.get(name);
      instance.child = start(name, command, args, extraEnv);
      await waitFor(readyUrl, instance.child, name);
    };
    const restartEach = async () => {
      for (const [i, backend] of backends.entries())
        await restart(backend, `backend-${i + 1}`, `http://127.0.0.1:${backend.port}/api/ready`);
      for (const [i, next] of nexts.entries()) await restart(next, `next-${i + 1}`, `http://127.0.0.1:${next.port}/blank`);
    };
    return { siteUrl, httpUrl: `http://localhost:${http}`, backends, nexts, restartEach, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The last lines of every log in `work`, for a failure's report. */
export function logTails(work, lines = 30) {
  return fs
    .readdirSync(work)
    .filter((file) => file.endsWith('.log'))
    .map((name) => `--- ${name} (last lines) ---\n${fs.readFileSync(path.join(work, name), 'utf8').split('\n').slice(-lines).join('\n')}`)
    .join('\n');
}
