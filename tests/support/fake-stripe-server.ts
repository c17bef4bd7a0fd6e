// The fake Stripe API as its own process for the e2e suite (run with tsx), plus a small
// control API the stubbed Stripe.js in the browser calls to "pay": POST /control/complete/:id.
import http from 'node:http';
import { startFakeStripe } from './fake-stripe';

async function main() {
  const fake = await startFakeStripe();
  const port = Number(process.env.FAKE_STRIPE_CONTROL_PORT);
  const apiPort = Number(process.env.FAKE_STRIPE_PORT);
  // The SDK talks to the fake on its own port; expose it on the fixed port the site was told.
  const proxy = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', fake.apiBase);
    const forward = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(forward);
  });
  proxy.listen(apiPort, '127.0.0.1');
  http
    .createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (request.method === 'OPTIONS') return response.end();
      const match = request.url?.match(/^\/control\/complete\/([\w-]+)$/);
      if (request.method === 'POST' && match && fake.sessions.has(match[1])) {
        const session = fake.complete(match[1]);
        response.setHeader('Content-Type', 'application/json');
        return response.end(JSON.stringify({ return_url: String(session.return_url).replace('{CHECKOUT_SESSION_ID}', session.id) }));
      }
      response.statusCode = request.url === '/health' ? 200 : 404;
      response.end();
    })
    .listen(port, '127.0.0.1');
}

void main();
