// V8 flags of the processes that run the backend: `npm start` (scripts/start.mjs), the bench's
// standalone backend, and `npm run server` (package.json, which writes them out).
// No allocation-site pretenuring: V8 had moved hot allocation sites of the request path (PGlite's
// calls, the statement runner) to the old generation. Its collections then held the one thread
// for 50–110 ms every 5–8 s under 500 cart writes/s; without pretenuring there were none in 40 s
// of that load (bench/HISTORY.md, 2026-11-27).
export const backendNodeFlags = ['--no-allocation-site-pretenuring'];
