// `npm start`: build the web app and the server when their sources changed since the last build,
// then run the server from the repository root (so DATA_DIR defaults to ./data).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builds = [
  {
    workspace: '@encore/web',
    output: 'apps/web/dist-server/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/core/src',
    ],
  },
  {
    workspace: '@encore/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages/core/src'],
  },
];

for (const build of builds) {
  const builtAt = newestMtime(build.output);
  const changedAt = Math.max(...build.sources.map(newestMtime));
  if (builtAt > changedAt) continue;
  const result = spawnSync('npm', ['run', 'build', '--workspace', build.workspace], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
