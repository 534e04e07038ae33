// The `theater` command line.
import { Command, CommanderError } from 'commander';
import { registerKernelCommands } from './kernel-commands.ts';
import { registerPlayCommand } from './play-command.ts';
import { registerServiceCommands } from './service-commands.ts';
import { registerOddsCommand } from './odds-command.ts';
import { registerSimulateCommand } from './simulate-command.ts';
import { registerPositionCommands } from './position-command.ts';

export function buildProgram(): Command {
  const program = new Command('theater')
    .description('Theater: rules-enforced WWII grand-strategy board wargames')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  registerKernelCommands(program);
  registerPlayCommand(program);
  registerServiceCommands(program);
  registerOddsCommand(program);
  registerSimulateCommand(program);
  registerPositionCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode;
    process.stderr.write(`theater: ${(e as Error).message}\n`);
    return 1;
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain || process.argv[1]?.endsWith('src/cli/main.ts')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
