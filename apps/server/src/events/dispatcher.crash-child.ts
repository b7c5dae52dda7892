// A dispatcher in a process of its own, for dispatcher.crash.test.ts to kill with SIGKILL in the
// middle of a batch. Usage: tsx dispatcher.crash-child.ts <database url>
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { createDispatcher } from './dispatcher';
import { composeHandlers } from './handlers';

const handle = await openDatabase({ databaseUrl: process.argv[2], poolSize: 12 });
const dispatcher = createDispatcher({
  db: handle.db,
  clock: systemClock,
  log: { warn: () => undefined },
  batchSize: 10,
  handlers: composeHandlers([
    {
      name: 'effects',
      inTransaction: true,
      on: {
        async PasswordChanged(event, { executor }) {
          await executor.execute(sql`insert into dispatch_effects (event_id) values (${event.id})`);
          if (event.payload.name === 'hang') {
            process.stdout.write('hanging\n');
            await new Promise(() => undefined);
          }
        },
      },
    },
  ]),
});
await dispatcher.drain();
