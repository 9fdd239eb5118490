// `npm start`: the embedded mock backend (mock/server.ts) plus Umi's dev server proxying /v2 and /api to it.
import { spawn } from 'node:child_process';

const mockPort = process.env.MOCK_PORT || '4100';
const env = { ...process.env, MOCK_PORT: mockPort, PORT: process.env.PORT || '8000' };
const children = [
  spawn('npx', ['tsx', 'mock/server.ts', '--port', mockPort], { stdio: 'inherit', env }),
  spawn('npx', ['umi', 'dev'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  }),
);
