/**
 * The UPS connector's wire types (shared/carriers/ups/generated/) are what
 * openapi-typescript makes of the vendored documents (tooling/ups-types.ts):
 * regenerated here by the script itself and compared, as
 * test/unit/typed-client.test.ts does for client/schema.d.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPS_TYPED_DOCUMENTS, UPS_TYPES_DIR } from '../../../../tooling/ups-types';

const root = path.join(__dirname, '..', '..', '..', '..');

describe('shared/carriers/ups/generated', () => {
  it('holds exactly the modules of the typed documents', () => {
    expect(readdirSync(path.join(root, UPS_TYPES_DIR)).sort()).toEqual(UPS_TYPED_DOCUMENTS.map((d) => d.file).sort());
  });

  it('is what `npm run ups:types` makes of the vendored documents', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ups-types-'));
    try {
      // The script of `npm run ups:types`, run by this Node, so the comparison holds exactly what the script writes.
      execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bin', 'ups-types.ts'), '--out', dir], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 60_000,
      });
      for (const { file } of UPS_TYPED_DOCUMENTS) {
        expect({ file, text: readFileSync(path.join(root, UPS_TYPES_DIR, file), 'utf8') }).toEqual({ file, text: readFileSync(path.join(dir, file), 'utf8') });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
