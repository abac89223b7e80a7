/** Finding a Java 17+ runtime for DynamoDB Local (with a clear message when there is none), and compiling a small launcher for it. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
export const javaCommand = (env: NodeJS.ProcessEnv = process.env): string => (env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java');

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

/** How a single-file Java program can run: compiled classes in a directory, as a source file, or not at all (no compiler). */
export type JavaProgram = { kind: 'compiled'; classDir: string } | { kind: 'source'; reason: string } | { kind: 'no-compiler'; reason: string };

export type CompileOptions = {
  java: string;
  /** The `.java` file; its public class has the file's name. */
  source: string;
  classpath: string[];
  /** Compiled classes go to `<cacheDir>/<hash of source, fingerprint and release>/`. */
  cacheDir: string;
  /** What else the classes depend on (e.g. the jar's size and date): a new fingerprint compiles again. */
  fingerprint: string;
  release?: number;
};

const isCompilerMissing = (output: string) => /Module jdk\.compiler not found/.test(output);

/**
 * Compiles `source` once and caches the classes, so later starts skip the
 * compiler (`java File.java` compiles in memory on every start, seconds on a
 * small machine). Uses the compiler module of the same `java`
 * (`java -m jdk.compiler/...`), which Debian's and Homebrew's runtimes carry
 * even without a `javac` command. A cache that cannot be written means running
 * the source file directly; a runtime without the compiler module (a
 * jlink-ed JRE) is reported as `no-compiler`; a compile error throws.
 */
export const compileJavaOnce = (options: CompileOptions): JavaProgram => {
  const release = options.release ?? MIN_JAVA_MAJOR;
  const className = path.basename(options.source, '.java');
  const key = createHash('sha256').update(readFileSync(options.source)).update(`\0${options.fingerprint}\0${release}`).digest('hex').slice(0, 20);
  const classDir = path.join(options.cacheDir, key);
  if (existsSync(path.join(classDir, `${className}.class`))) return { kind: 'compiled', classDir };

  let temporary: string;
  try {
    // A folder without the class is none of ours (classes arrive by an atomic rename): compile again.
    rmSync(classDir, { recursive: true, force: true });
    mkdirSync(options.cacheDir, { recursive: true, mode: 0o700 });
    temporary = mkdtempSync(path.join(options.cacheDir, `.${key}-`));
  } catch (e) {
    return { kind: 'source', reason: `cannot write ${options.cacheDir}: ${(e as Error).message}` };
  }
  try {
    const run = spawnSync(
      options.java,
      [
        '-m',
        'jdk.compiler/com.sun.tools.javac.Main',
        '--release',
        String(release),
        '-nowarn',
        '-proc:none',
        '-cp',
        options.classpath.join(path.delimiter),
        '-d',
        temporary,
        options.source,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const output = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim();
    if (run.error) throw new Error(`could not run the Java compiler of ${options.java}: ${run.error.message}`);
    if (run.status !== 0) {
      if (isCompilerMissing(output)) return { kind: 'no-compiler', reason: `${options.java} has no jdk.compiler module` };
      throw new Error(`compiling ${options.source} failed:\n${output}`);
    }
    try {
      renameSync(temporary, classDir);
    } catch (e) {
      // Another process compiled the same classes meanwhile: use theirs.
      if (!existsSync(path.join(classDir, `${className}.class`))) throw e;
    }
    return { kind: 'compiled', classDir };
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
};
