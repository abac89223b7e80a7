/**
 * Canada Post's contract tests need Canada Post's XML schemas, which stay
 * outside the repository (local/canada-post/xsd.ts). Where they are absent
 * the suite says so in one visible line and skips only those cases; under
 * `CI=true` their absence fails the run instead, so CI never passes without
 * checking Canada Post's requests.
 */
import { canadaPostXsdAvailable, canadaPostXsdDir } from '../../local/canada-post/xsd';

/** `describe`, when Canada Post's schemas are there; otherwise skipped with one line said, or failed under CI. */
export const describeWithCanadaPostSchemas = (name: string, body: () => void): void => {
  if (canadaPostXsdAvailable()) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it("needs Canada Post's XML schemas (CI must check Canada Post's requests against them)", () => {
        throw new Error(`Canada Post's XML schemas are not in ${canadaPostXsdDir()}: set CANADAPOST_XSD_DIR, or lay the shared folder beside the project`);
      });
    });
    return;
  }
  process.stderr.write(`skipped: "${name}": Canada Post's XML schemas are not in ${canadaPostXsdDir()} (set CANADAPOST_XSD_DIR)\n`);
  describe.skip(name, body);
};
