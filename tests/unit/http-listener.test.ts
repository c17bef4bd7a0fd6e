import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainOnStop } from '@/server/http-listener';

/** A server whose answers wait until `release` is called, so a request is in flight at will. */
async function slowServer(graceMs: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    if (request.url === '/slow') void released.then(() => response.end('finished'));
    else response.end('quick');
  });
  const drain = drainOnStop(server, { graceMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, drain, release, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('a stop drains the listener', () => {
  it('refuses new connections, answers the kept ones with Connection: close, then resolves', async () => {
    const { server, drain, release, port } = await slowServer(60_000);
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const other = new http.Agent({ keepAlive: true });
    // An idle kept connection, as nginx holds them, and a request in flight on another.
    expect(await get(port, '/quick', kept)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const inFlight = get(port, '/slow', other);
    await new Promise((resolve) => server.once('request', resolve));
    const stopped = drain.stop();
    expect(server.listening).toBe(false);
    await expect(get(port, '/quick', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The kept connection was not cut under its client: a request on it is answered, and ends it.
    expect(await get(port, '/quick', kept)).toEqual({ status: 200, connection: 'close', body: 'quick' });
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: 'finished' });
    await stopped;
  });

  it('closes what is still open once the grace has passed', async () => {
    const { drain, port } = await slowServer(100);
    const inFlight = get(port, '/slow', new http.Agent()).catch((error: NodeJS.ErrnoException) => error.code);
    await new Promise((resolve) => setImmediate(resolve));
    await drain.stop();
    expect(await inFlight).toBe('ECONNRESET');
  });
});
