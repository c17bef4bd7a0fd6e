import fs from 'node:fs';

export default async function globalTeardown() {
  const servers = globalThis.componentServers;
  if (!servers) return;
  await Promise.all(
    servers.processes.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(servers.dataDir, { recursive: true, force: true });
}
