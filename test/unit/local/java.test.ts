/** Reading the Java version for DynamoDB Local, the message when Java is missing, and compiling the launcher once. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileJavaOnce, JavaMissingError, javaCommand, parseJavaMajor, requireJava } from '../../../local/java';

describe('parseJavaMajor', () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['java version "1.8.0_292"', 8],
    ['openjdk version "11.0.2-ea" 2019-01-15', 11],
    ['Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nopenjdk version "22.0.1" 2024-04-16', 22],
  ])('%s -> %d', (output, major) => {
    expect(parseJavaMajor(output)).toBe(major);
  });

  it('is undefined for output without a version', () => {
    expect(parseJavaMajor('command not found')).toBeUndefined();
  });
});

describe('requireJava', () => {
  it('uses JAVA_HOME when set', () => {
    expect(javaCommand({ JAVA_HOME: '/opt/jdk' })).toBe('/opt/jdk/bin/java');
    expect(javaCommand({})).toBe('java');
  });

  it('says how to install Java 17 when there is none on PATH', () => {
    expect(() => requireJava({ PATH: '/nonexistent' })).toThrow('No Java runtime found: `java` is not on PATH.');
  });

  it('says how to install Java 17 when JAVA_HOME holds none', () => {
    let error: unknown;
    try {
      requireJava({ JAVA_HOME: '/nonexistent/jdk' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JavaMissingError);
    expect((error as Error).message).toContain('No Java runtime found: `/nonexistent/jdk/bin/java` does not exist (JAVA_HOME is /nonexistent/jdk)');
    expect((error as Error).message).toContain('apt-get install openjdk-17-jre-headless');
    expect((error as Error).message).toContain('https://adoptium.net');
  });
});

describe('compileJavaOnce', () => {
  let dir: string;
  let source: string;
  let calls: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'java-compile-'));
    source = path.join(dir, 'Hello.java');
    writeFileSync(source, 'public class Hello {}');
    calls = path.join(dir, 'calls');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in for `java -m jdk.compiler/...`: runs `body` with the -d folder in $out, and counts its calls. */
  const fakeJava = (body: string) => {
    const file = path.join(dir, `java-${Math.random().toString(36).slice(2)}`);
    writeFileSync(file, `#!/bin/sh\necho x >> "${calls}"\nout=""\nwhile [ $# -gt 0 ]; do [ "$1" = "-d" ] && out="$2"; shift; done\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const callCount = () => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean).length : 0);
  const options = (java: string, fingerprint = 'jar-1') => ({ java, source, classpath: ['/x.jar'], cacheDir: path.join(dir, 'cache'), fingerprint });

  it('compiles into the cache once; later calls reuse the classes; another fingerprint compiles again', () => {
    const java = fakeJava('touch "$out/Hello.class"');
    const first = compileJavaOnce(options(java));
    expect(first).toEqual({ kind: 'compiled', classDir: expect.stringContaining(path.join(dir, 'cache')) });
    expect(existsSync(path.join((first as { classDir: string }).classDir, 'Hello.class'))).toBe(true);
    expect(compileJavaOnce(options(java))).toEqual(first);
    expect(callCount()).toBe(1);
    expect(compileJavaOnce(options(java, 'jar-2'))).not.toEqual(first);
    expect(callCount()).toBe(2);
  });

  it('a Java runtime without the compiler module is `no-compiler`, and nothing is cached', () => {
    const java = fakeJava('echo "java.lang.module.FindException: Module jdk.compiler not found" >&2; exit 1');
    expect(compileJavaOnce(options(java))).toEqual({ kind: 'no-compiler', reason: expect.stringContaining('no jdk.compiler module') });
  });

  it('a compile error fails loudly with the compiler output', () => {
    const java = fakeJava('echo "Hello.java:1: error: cannot find symbol" >&2; exit 1');
    expect(() => compileJavaOnce(options(java))).toThrow(/compiling .*Hello\.java failed:\n.*cannot find symbol/);
  });

  it('a cache that cannot be written means running the source file', () => {
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    const java = fakeJava('touch "$out/Hello.class"');
    expect(compileJavaOnce({ ...options(java), cacheDir: path.join(dir, 'not-a-folder', 'cache') })).toEqual({
      kind: 'source',
      reason: expect.stringContaining('cannot write'),
    });
    expect(callCount()).toBe(0);
  });
});
