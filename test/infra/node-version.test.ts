/**
 * Tests, the local runtime and the bench run on the Node major the stack
 * deploys (docs/decisions.md, dependencies): npm scripts find the `node` devDependency first on
 * PATH. This test fails on any other major, and says which one CI ran on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTION_RUNTIME } from '../../lib/project-function';

const deployedMajor = Number(/^nodejs(\d+)\.x$/.exec(FUNCTION_RUNTIME.name)?.[1]);

describe('Node version', () => {
  it(`runs on the Node major the functions deploy with (${FUNCTION_RUNTIME.name})`, () => {
    process.stdout.write(`tests run on Node ${process.version}; functions deploy on ${FUNCTION_RUNTIME.name}\n`);
    expect(Number(process.versions.node.split('.')[0])).toBe(deployedMajor);
  });

  it('package.json pins that major as a devDependency and in engines', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    expect(Number(String(pkg.devDependencies.node).split('.')[0])).toBe(deployedMajor);
    expect(pkg.engines.node).toBe(`>=${deployedMajor}.0.0 <${deployedMajor + 1}`);
    expect(Number(String(pkg.devDependencies['@types/node']).split('.')[0])).toBe(deployedMajor);
  });
});
