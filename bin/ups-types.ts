/**
 * Writes the UPS connector's generated wire types (tooling/ups-types.ts):
 * `npm run ups:types`. `--out <dir>` writes them elsewhere (the unit test
 * that compares them with the committed ones).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateUpsTypes, UPS_TYPES_DIR } from '../tooling/ups-types';

async function main() {
  const at = process.argv.indexOf('--out');
  const dir = path.resolve(at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : path.join(__dirname, '..', UPS_TYPES_DIR));
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of await generateUpsTypes()) {
    writeFileSync(path.join(dir, file), text);
    console.log(`wrote ${path.join(dir, file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
