/** Finding a Java 17+ runtime for DynamoDB Local, with a clear message when there is none. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const MIN_JAVA_MAJOR = 17;

export const JAVA_INSTALL_HINT =
  'Install a Java 17+ runtime, for example `sudo apt-get install openjdk-17-jre-headless` (Debian/Ubuntu), ' +
  '`brew install --cask temurin` (macOS) or a Temurin build from https://adoptium.net, ' +
  'then put `java` on PATH or point JAVA_HOME at it.';

export class JavaMissingError extends Error {
  constructor(message: string) {
    super(`${message}\nDynamoDB Local (used by npm start and the integration tests) needs Java ${MIN_JAVA_MAJOR} or newer.\n${JAVA_INSTALL_HINT}`);
    this.name = 'JavaMissingError';
  }
}

/**
 * The major version in `java -version` output: `openjdk version "17.0.15"` is
 * 17, the old scheme `java version "1.8.0_292"` is 8. Undefined when absent.
 */
export const parseJavaMajor = (versionOutput: string): number | undefined => {
  const match = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(versionOutput);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
};

/** The java command to run: JAVA_HOME's when set, else `java` from PATH. */
export const javaCommand = (env: NodeJS.ProcessEnv = process.env): string =>
  env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java';

/** Checks that Java 17+ is there and returns its command; throws JavaMissingError otherwise. */
export const requireJava = (env: NodeJS.ProcessEnv = process.env): { command: string; major: number } => {
  const command = javaCommand(env);
  const run = spawnSync(command, ['-version'], { encoding: 'utf8', timeout: 30_000, env });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    throw new JavaMissingError(
      code !== 'ENOENT'
        ? `Could not run \`${command} -version\`: ${run.error.message}.`
        : env.JAVA_HOME
          ? `No Java runtime found: \`${command}\` does not exist (JAVA_HOME is ${env.JAVA_HOME}).`
          : 'No Java runtime found: `java` is not on PATH.',
    );
  }
  const output = `${run.stderr ?? ''}${run.stdout ?? ''}`;
  const major = parseJavaMajor(output);
  if (major === undefined) throw new JavaMissingError(`Could not read the version of \`${command}\`: ${output.trim() || 'no output'}.`);
  if (major < MIN_JAVA_MAJOR) throw new JavaMissingError(`\`${command}\` is Java ${major}, which is too old.`);
  return { command, major };
};
