import net from 'node:net';
import { forwardToBackend } from '@/server/embedded';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the /api forwarder with BACKEND_URL', () => {
  const saved = process.env.BACKEND_URL;
  beforeAll(async () => {
    process.env.BACKEND_URL = `http://127.0.0.1:${await closedPort()}`;
  });
  afterAll(() => {
    process.env.BACKEND_URL = saved;
  });

  it.each([
    ['de-DE,de;q=0.9', 'Das Backend ist nicht erreichbar.'],
    ['ru', 'Сервер недоступен.'],
    ['', 'The backend is not reachable.'],
  ])('answers 502 in the caller’s language (%j) when the backend is not reachable', async (acceptLanguage, message) => {
    const response = await forwardToBackend(new Request('http://site.test/api/app/app-info', { headers: { 'Accept-Language': acceptLanguage } }));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ ErrorMessages: [{ Message: message }] });
  });
});
