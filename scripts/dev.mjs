// `npm run dev`: the server in watch mode on :3001 and Vite on :3000 proxying the API to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@encore/server'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      PUBLIC_URL: 'http://localhost:3000',
    },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@encore/web'], {
    stdio: 'inherit',
    env: process.env,
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
