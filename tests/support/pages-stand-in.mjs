// A stand-in for server/pages-process.ts in tests/unit/pages-proxy.test.ts: the same protocol
// (listen on PAGES_SOCKET, say 'ready', exit when the parent's channel closes), no Next.js.
// STAND_IN=fail exits before it is ready, as a process without a build would.
import http from 'node:http';

if (process.env.STAND_IN === 'fail') {
  process.stderr.write('stand-in: failing on purpose\n');
  process.exit(3);
}
const server = http.createServer((request, response) => {
  response.setHeader('content-type', 'text/plain');
  response.end(`stand-in ${process.pid} ${process.env.PAGES_SOCKET} ${request.method} ${request.url}`);
});
server.keepAliveTimeout = 0;
process.once('disconnect', () => process.exit(0));
server.listen(process.env.PAGES_SOCKET, () => process.send('ready'));
