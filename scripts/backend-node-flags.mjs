// V8 flags of the processes that run the backend: `npm start` (scripts/start.mjs), the bench's
// standalone backend, and `npm run server` (package.json, which writes them out).
// No allocation-site pretenuring: under 500 cart writes/s the thread stalls around each
// old-generation collection (every 5–8 s); without pretenuring those stalls were shorter, with as
// many collections: p99.9 39 against 76 ms, lower in 6 of 6 alternated runs (bench/HISTORY.md,
// 2026-11-27).
export const backendNodeFlags = ['--no-allocation-site-pretenuring'];
