/**
 * The FedEx tests need FedEx's OpenAPI documents, which stay outside the
 * repository (local/fedex/spec.ts). Where they are absent a suite says so in
 * one visible line and skips; under `CI=true` their absence fails the run
 * instead, so CI never passes without checking against FedEx's documents.
 */
import { fedexSpecDir, missingFedexDocuments } from '../../../../local/fedex/spec';

/** What a suite that needs the documents does: runs, skips (saying so), or fails (CI). */
export const fedexDocumentsMode = (env: NodeJS.ProcessEnv = process.env): 'run' | 'skip' | 'fail' =>
  missingFedexDocuments(env).length === 0 ? 'run' : env.CI === 'true' ? 'fail' : 'skip';

/** The one line a skipped suite writes. */
export const skippedLine = (name: string, env: NodeJS.ProcessEnv = process.env): string =>
  `skipped: "${name}": FedEx's OpenAPI documents are not in ${fedexSpecDir(env)} (set FEDEX_SPEC_DIR)\n`;

/** `describe`, when FedEx's documents are there; otherwise skipped with one line said, or failed under CI. */
export const describeWithFedexDocuments = (name: string, body: () => void): void => {
  const mode = fedexDocumentsMode();
  if (mode === 'run') {
    describe(name, body);
  } else if (mode === 'fail') {
    describe(name, () => {
      it("needs FedEx's OpenAPI documents (CI must check FedEx's requests and answers against them)", () => {
        throw new Error(
          `FedEx's documents ${missingFedexDocuments().join(', ')} are not in ${fedexSpecDir()}: set FEDEX_SPEC_DIR, or lay the shared folder beside the project`,
        );
      });
    });
  } else {
    process.stderr.write(skippedLine(name));
    describe.skip(name, body);
  }
};
