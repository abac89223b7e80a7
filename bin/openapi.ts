/** Writes openapi.json from the function list and the zod schemas: `npm run openapi`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApi } from '../tooling/openapi';

const file = join(process.cwd(), 'openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`wrote ${file}`);
