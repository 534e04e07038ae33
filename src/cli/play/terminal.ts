// Runs a play session on streams: interactive on a TTY (readline, colours), line by line from a script otherwise.
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { checkLog, Game, seatsInPlay, type BaseState, type Json, type Options, type Ruleset, type Seat } from '../../engine/index.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { CliError, readJsonFile } from '../io.ts';
import { makeStyle } from './render.ts';
import { resolveSeats, type Controller } from './seats.ts';
import { PlaySession } from './session.ts';

export interface PlayIo {
  input: Readable;
  output: Writable;
  /** Interactive terminal: prompts, colours, Ctrl-C. Default: whether input and output are TTYs. */
  tty?: boolean;
  /** Output width for columns (default: the terminal's, else 100). */
  width?: number;
}

export interface PlayArgs {
  ruleset?: string;
  scenario?: string;
  options?: Options;
  seed?: string;
  load?: string;
  out?: string;
  /** `--seat NAME=KIND` pairs. */
  seats?: string[];
  /** Per-seat options (`--axis ai`). */
  perSeat?: Record<string, string | undefined>;
  as?: string;
  budgetMs?: number;
  colour?: boolean;
}

/** Build the game and its seats from the command's arguments; every problem is a CliError naming the flag. */
export function prepareGame(a: PlayArgs): { game: Game<BaseState>; controllers: Record<Seat, Controller>; meta?: Record<string, Json>; isNew: boolean } {
  let game: Game<BaseState>;
  let meta: Record<string, Json> | undefined;
  if (a.load) {
    for (const [flag, v] of [['--scenario', a.scenario], ['--seed', a.seed], ['--option', a.options && Object.keys(a.options).length ? 'x' : undefined]] as const) {
      if (v !== undefined) throw new CliError(`${flag} cannot be used with --load: the log ${a.load} fixes it`);
    }
    const log = checkLog(readJsonFile(a.load));
    if (a.ruleset && a.ruleset !== log.ruleset) throw new CliError(`${a.load} is a ${log.ruleset} game, not ${a.ruleset}`);
    game = Game.load(getRuleset(log.ruleset) as Ruleset<BaseState>, log);
    meta = log.meta;
  } else {
    if (!a.ruleset) throw new CliError('play needs a rule set (e.g. "theater play 2ww") or --load FILE');
    const r = getRuleset(a.ruleset) as Ruleset<BaseState>;
    const scenario = a.scenario ?? r.scenarios[0]?.id;
    if (!scenario) throw new CliError(`${r.id} has no scenario`);
    if (!r.scenarios.some((s) => s.id === scenario)) {
      throw new CliError(`--scenario: ${r.id} has no scenario "${scenario}"; its scenarios are ${r.scenarios.map((s) => s.id).join(', ')}`);
    }
    game = Game.create(r, scenario, a.options ?? {}, a.seed ?? randomBytes(6).toString('hex'));
  }
  // Only the seats this game's scenario and options play (e.g. aae's Axis Minor only with its house rule).
  const seats = seatsInPlay(game.ruleset, game.scenario, game.options);
  const controllers = resolveSeats(seats, a.seats ?? [], a.perSeat ?? {}, a.as);
  return { game, controllers, meta, isNew: !a.load };
}

/** Play until the game ends, the input ends or the player quits. Returns the exit code. */
export async function runPlay(a: PlayArgs, io: PlayIo): Promise<number> {
  const { game, controllers, meta, isNew } = prepareGame(a);
  const tty = io.tty ?? Boolean((io.input as any).isTTY && (io.output as any).isTTY);
  const lines: string[] = [];
  let ended = false;
  let interrupted = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const width = io.width ?? ((io.output as any).columns as number | undefined) ?? 100;
  // A closed output (`theater play ... | head`) ends the session quietly, saving to --out as usual.
  let broken = false;
  const onOutputError = () => {
    broken = true;
    interrupted = true;
    poke();
  };
  io.output.on('error', onOutputError);
  const write = (s: string) => {
    if (!broken) io.output.write(s);
  };
  // A loaded log is written back to its own file unless --out names another: the new log holds the old one whole.
  const outFile = a.out ?? a.load;
  const session = new PlaySession({
    game, controllers, out: (l) => write(l + '\n'), style: makeStyle(a.colour ?? tty), width,
    budgetMs: a.budgetMs ?? 3000, outFile, meta,
  });

  const rl = createInterface({ input: io.input, output: tty ? io.output : undefined, terminal: tty });
  rl.on('line', (l) => {
    lines.push(l);
    poke();
  });
  rl.on('close', () => {
    ended = true;
    poke();
  });
  const onSigint = () => {
    interrupted = true;
    poke();
  };
  rl.on('SIGINT', onSigint);
  if (!tty) process.on('SIGINT', onSigint);

  const nextLine = async (): Promise<string | null> => {
    for (;;) {
      if (interrupted) return null;
      if (lines.length) return lines.shift()!;
      if (ended) return null;
      await new Promise<void>((res) => {
        wake = res;
      });
    }
  };

  const entriesAtStart = game.entries.length;
  session.intro(isNew, game.seed);
  let code = 0;
  let reason = '';
  try {
    for (;;) {
      const p = session.pending();
      if (p.kind === 'over') {
        write(session.result() + '\n');
        break;
      }
      if (p.kind === 'stuck') {
        write(`Nobody can act and the game is not over (a rule set bug; after ${game.seq} actions)\n`);
        code = 1;
        break;
      }
      if (p.kind === 'remote') {
        reason = `waiting for ${p.prompts.map((x) => `${x.seat} (${x.text.replace(/[.\s]+$/, '')})`).join(', ')}, who play elsewhere`;
        break;
      }
      if (p.kind === 'auto') {
        session.playAuto(p.prompt);
        // Let Ctrl-C and output through between automatic moves.
        await new Promise<void>((res) => setImmediate(res));
        if (interrupted) {
          reason = 'interrupted';
          break;
        }
        continue;
      }
      session.showTurn(p.prompt);
      if (tty) {
        rl.setPrompt(session.promptString());
        // A line typed ahead was echoed before this prompt existed: show it after the prompt it answers.
        if (lines.length) write(session.promptString() + lines[0] + '\n');
        else rl.prompt();
      }
      const line = await nextLine();
      if (line === null) {
        reason = interrupted ? 'interrupted' : 'the input ended';
        if (tty) write('\n');
        break;
      }
      if (!tty) write(session.promptString() + line + '\n');
      if (session.input(line) === 'quit') {
        reason = 'quit';
        break;
      }
    }
  } finally {
    rl.off('SIGINT', onSigint);
    io.output.off('error', onOutputError);
    if (!tty) process.off('SIGINT', onSigint);
    rl.close();
  }
  if (reason) write(`Stopped (${reason}) after ${game.seq} action(s) in force.\n`);
  if (outFile) {
    if (!session.save()) code = 1;
  } else if (reason && game.entries.length > entriesAtStart) {
    write('The game was not saved: give --out FILE (or type save FILE before quitting) to keep it.\n');
  }
  if (!tty && session.refused > 0 && code === 0) {
    write(`${session.refused} input line(s) were refused.\n`);
    code = 2;
  }
  return code;
}
