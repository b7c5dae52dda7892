import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';
import { serverRoot } from './paths';

function collectLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const requestWithCredentials = {
  req: { method: 'GET', headers: { authorization: 'Bearer secret-token', cookie: 'sid=secret' } },
  res: { statusCode: 200, headers: { 'set-cookie': 'sid=secret; HttpOnly' } },
};

describe('loggerOptions', () => {
  it('writes one JSON object per line, credentials redacted, when stdout is not a terminal', () => {
    const options = loggerOptions('info', { pretty: false });
    expect(options.transport).toBeUndefined();

    const { lines, stream } = collectLines();
    pino(options, stream).info(requestWithCredentials, 'request completed');

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 30, msg: 'request completed' });
    expect(entry.req.headers).toEqual({ authorization: '[Redacted]', cookie: '[Redacted]' });
    expect(entry.res.headers['set-cookie']).toBe('[Redacted]');
    expect(lines[0]).not.toContain('secret');
  });

  it('prints readable lines through pino-pretty, with the same redaction, when stdout is a terminal', () => {
    const options = loggerOptions('debug', { pretty: true });
    expect(options.level).toBe('debug');
    expect(options.redact).toEqual(loggerOptions('debug', { pretty: false }).redact);
    const transport = options.transport as { target: string; options: Record<string, unknown> };
    expect(transport.target).toBe('pino-pretty');

    const format = prettyFactory({ ...transport.options, colorize: false });
    const line = format(
      JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: 1,
        hostname: 'h',
        msg: 'Encore is ready',
      }),
    );
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Encore is ready\n$/);
  });

  it('ships pino-pretty with the production server, which loads it at run time', () => {
    const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toHaveProperty('pino-pretty');
    expect(manifest.devDependencies ?? {}).not.toHaveProperty('pino-pretty');
  });
});
