// `npm test`: build what the browser tests serve, run every Vitest project, end with one summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const projects = process.argv.slice(2);
const wantsE2e = projects.length === 0 || projects.includes('e2e');
if (wantsE2e && run('npm', ['run', 'build']) !== 0) process.exit(1);

mkdirSync('test-results', { recursive: true });
const projectArgs = projects.flatMap((name) => ['--project', name]);
const status = run('npx', [
  'vitest',
  'run',
  ...projectArgs,
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);

try {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
} catch {
  console.log('\ntests: no report was written');
}
process.exit(status);
