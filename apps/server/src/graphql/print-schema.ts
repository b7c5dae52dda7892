import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../lib/paths';
import { printedSchema } from './schema';

const target = path.join(serverRoot, 'schema.graphql');
writeFileSync(target, printedSchema());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
