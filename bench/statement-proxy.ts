// A TCP proxy in front of PostgreSQL that counts the statements its clients run: the protocol's
// Query ('Q', one simple-protocol round, however many statements its text holds) and Execute
// ('E', one run of a prepared statement) messages. Only clients without TLS can be read; the
// SSLRequest is forwarded as is, so a server that accepts TLS would make the count meaningless.
import { createServer, connect, type Socket } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const QUERY = 'Q'.charCodeAt(0);
const EXECUTE = 'E'.charCodeAt(0);

export interface StatementProxy {
  port: number;
  /** Statements counted so far, over every connection. */
  statements(): number;
  close(): Promise<void>;
}

/**
 * Reads the client's side of one connection. The first messages carry no type byte (a length,
 * then the startup packet or an SSL/GSS request); every later one is a type byte and a length.
 * Messages are skipped by their length, so a large one is never buffered.
 */
function messageCounter(onStatement: () => void): (chunk: Buffer) => void {
  let untyped = true;
  let skip = 0;
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    let rest = chunk;
    if (skip > 0) {
      const skipped = Math.min(skip, rest.length);
      skip -= skipped;
      rest = rest.subarray(skipped);
    }
    pending = pending.length > 0 ? Buffer.concat([pending, rest]) : rest;
    for (;;) {
      // An untyped message is told apart by its code, after the length: 8 bytes in all.
      if (pending.length < (untyped ? 8 : 5)) break;
      let size: number;
      if (untyped) {
        size = pending.readInt32BE(0);
        const code = pending.readInt32BE(4);
        untyped = code === SSL_REQUEST || code === GSSENC_REQUEST;
      } else {
        if (pending[0] === QUERY || pending[0] === EXECUTE) onStatement();
        size = 1 + pending.readInt32BE(1);
      }
      if (pending.length >= size) {
        pending = pending.subarray(size);
      } else {
        skip = size - pending.length;
        pending = Buffer.alloc(0);
        break;
      }
    }
  };
}

export async function startStatementProxy(target: {
  host: string;
  port: number;
}): Promise<StatementProxy> {
  let statements = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      // As the drivers do: without it, an answer of more than one packet waits for the delayed
      // acknowledgement (40 ms) and the one-at-a-time figures measure that.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    const count = messageCounter(() => (statements += 1));
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    statements: () => statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
