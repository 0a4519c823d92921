import { parseArgs, type ParseArgsConfig } from 'node:util';

// @types/node declares these without exporting them.
type ParseArgsOptionConfig = NonNullable<ParseArgsConfig['options']>[string];

/** One option of a command: node:util's parseArgs option, with what `--help` says of it. */
export type CommandOption = ParseArgsOptionConfig & {
  description: string;
  /** The placeholder `--help` shows for a string option's value, `<value>` if not given. */
  valueName?: string;
};

export type CommandOptions = Record<string, CommandOption>;

export interface CommandSpec<T extends CommandOptions, P extends boolean> {
  /** How the command is called, e.g. `npm run build --`. */
  command: string;
  /** One sentence of what it does. */
  summary: string;
  options: T;
  /** What follows the options, e.g. `[base URL]`; only with allowPositionals. */
  positionals?: string;
  allowPositionals?: P;
  /** Lines after the options: environment variables, examples. */
  notes?: readonly string[];
}

type Parsed<T extends CommandOptions, P extends boolean> = ReturnType<
  typeof parseArgs<{ options: T; allowPositionals: P; strict: true }>
>;

export type CommandLine<T extends CommandOptions, P extends boolean> =
  | { kind: 'run'; values: Parsed<T, P>['values']; positionals: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'error'; text: string };

const HELP: CommandOptions = { help: { type: 'boolean', short: 'h', description: 'Prints this help' } };

/**
 * Reads a command's arguments: its options, `--help`, or a mistake explained in a sentence with
 * the usage, never node's stack trace for ERR_PARSE_ARGS_UNKNOWN_OPTION and its kin.
 */
export function readCommandLine<T extends CommandOptions, P extends boolean = false>(
  spec: CommandSpec<T, P>,
  args: readonly string[],
): CommandLine<T, P> {
  if (args.includes('--help') || args.includes('-h')) return { kind: 'help', text: formatHelp(spec) };
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: withoutDescriptions(spec.options),
      allowPositionals: spec.allowPositionals ?? false,
      strict: true,
    });
    return { kind: 'run', values: values as Parsed<T, P>['values'], positionals };
  } catch (error) {
    if (!isParseError(error)) throw error;
    return { kind: 'error', text: mistake(spec.command, error.message) };
  }
}

/** A mistake on a command line, in a sentence with the way to the help. */
function mistake(command: string, message: string): string {
  return `${command}: ${message}\nRun \`${command} --help\` for the options.`;
}

/**
 * For a value the options accept but the command cannot use (`--runs 0`, an unknown brand):
 * prints it as parseCommandLine prints a mistake and ends the process with exit 2.
 */
export function refuseCommandLine(command: string, message: string): never {
  console.error(mistake(command, message));
  process.exit(2);
}

/**
 * For a script's top level: the parsed options, or it prints the help (exit 0) or the mistake
 * (exit 2) and ends the process.
 */
export function parseCommandLine<T extends CommandOptions, P extends boolean = false>(
  spec: CommandSpec<T, P>,
  args: readonly string[] = process.argv.slice(2),
): { values: Parsed<T, P>['values']; positionals: string[] } {
  const line = readCommandLine(spec, args);
  if (line.kind === 'run') return line;
  if (line.kind === 'help') {
    console.log(line.text);
    process.exit(0);
  }
  console.error(line.text);
  process.exit(2);
}

export function formatHelp<T extends CommandOptions, P extends boolean>(spec: CommandSpec<T, P>): string {
  const rows = Object.entries({ ...spec.options, ...HELP }).map(([name, option]) => {
    const short = option.short ? `-${option.short}, ` : '';
    const value = option.type === 'string' ? ` ${option.valueName ?? '<value>'}` : '';
    const repeat = option.multiple ? ' (repeatable)' : '';
    const fallback =
      option.default !== undefined && option.default !== false && !Array.isArray(option.default)
        ? ` (default: ${String(option.default)})`
        : '';
    return [`${short}--${name}${value}`, `${option.description}${repeat}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  const positionals = spec.positionals ? ` ${spec.positionals}` : '';
  return [
    `Usage: ${spec.command} [options]${positionals}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
    ...(spec.notes && spec.notes.length > 0 ? ['', ...spec.notes] : []),
  ].join('\n');
}

function withoutDescriptions(options: CommandOptions): Record<string, ParseArgsOptionConfig> {
  return Object.fromEntries(
    Object.entries(options).map(([name, { description: _description, valueName: _valueName, ...option }]) => [
      name,
      option,
    ]),
  );
}

function isParseError(error: unknown): error is Error {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
