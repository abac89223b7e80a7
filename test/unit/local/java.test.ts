/** Reading the Java version for DynamoDB Local, and the message when Java is missing. */
import { JavaMissingError, javaCommand, parseJavaMajor, requireJava } from '../../../shared/local/java';

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
