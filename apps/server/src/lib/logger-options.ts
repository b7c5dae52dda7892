import type { LoggerOptions } from 'pino';

/** Credentials never reach a log line, whichever way the line is printed. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * One JSON object per line for log collectors, pipes and files; readable coloured lines when a person
 * watches the terminal (`pretty`, which main.ts sets from `process.stdout.isTTY`). pino-pretty then runs in
 * pino's worker thread, so the request path never waits for the formatting.
 */
export function loggerOptions(level: string, { pretty }: { pretty: boolean }): LoggerOptions {
  const options: LoggerOptions = { level, redact: REDACTED_PATHS };
  if (!pretty) return options;
  return {
    ...options,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}
