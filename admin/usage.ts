/** The admin CLI's help, written from the command table (admin/cli.ts). */
import { optionLines, synopsis, type AnyCommandSpec } from './command';
import { knownScopes } from './commands/key-create';

/** The help of every command: each synopsis with what it prints and means, then the scopes and the target. */
export const adminUsage = (commands: readonly AnyCommandSpec[]): string => `Usage: npm run -s admin -- <command> [options]

Commands (JSON on stdout; a message on stderr and a non-zero exit on failure; no value may hold
control, bidirectional or invisible characters):
${commands.map((command) => [`  ${synopsis(command)}`, ...command.help.map((line) => `      ${line}`)].join('\n')).join('\n')}
  help [COMMAND]
      -> this text; with a command (help company create), that command's options and what each means

Scopes: ${knownScopes.join(', ')}

Target: when DATA_DIR/runtime.json exists (npm start is running with that DATA_DIR,
default .data/), the command acts on that local stack. Otherwise it acts on the
deployed stage named by TABLE_NAME (and BUCKET_NAME) with the usual AWS
credentials and region (AWS_PROFILE, AWS_REGION, ...); carrier-account add then needs
CARRIER_SECRET_PREFIX, the stack output of that name.`;

/** The help of one command: its synopsis, what it prints and means, and each of its options. */
export const commandUsage = (command: AnyCommandSpec): string => {
  const options = optionLines(command);
  return [
    `Usage: npm run -s admin -- ${synopsis(command)}`,
    ...command.help.map((line) => `      ${line}`),
    '',
    options.length > 0 ? 'Options (no value may hold control, bidirectional or invisible characters):' : 'Options: none',
    ...options.map((line) => `  ${line}`),
  ].join('\n');
};
