import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { Game, stateHash, type Action, type BaseState, type GameLog } from '../../engine/index.ts';
import { duel } from '../../engine/testing/duel.ts';
import { registerPlayCommand } from '../play-command.ts';
import { playScript } from './testing.ts';
import { HELP } from './session.ts';

const dir = mkdtempSync(join(tmpdir(), 'theater-play-'));
const file = (name: string) => join(dir, name);
const readLog = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as GameLog;
const actionsOf = (log: GameLog) => log.entries.flatMap((e) => ('action' in e ? [[e.seat, e.action] as const] : []));

/** The same actions applied directly to the kernel, for the expected state hash. */
function reference(seed: string, actions: [string, Action][]): Game<BaseState> {
  const g = Game.create(duel as any, 'standard', {}, seed) as Game<BaseState>;
  for (const [s, a] of actions) g.act(s, a);
  return g;
}

describe('theater play on duel, scripted', () => {
  it('Duel 2, 3: numbers take choices and /TEXT filters the menu', async () => {
    const out = file('choose.json');
    const r = await playScript({ ruleset: 'duel', seed: 'c1', out }, ['1', '2', '/adv', '1', 'quit']);
    expect(r.out).toContain('red decides: Bid for the first move [Duel 2]');
    expect(r.out).toContain('red: answer sealed'); // hot-seat: the second bidder must not read the first bid
    expect(r.out).toContain('--- Blue\'s turn at the keyboard ---'); // the seat's name
    expect(r.out).toContain('bids red 1, blue 2: blue moves first [Duel 2]');
    expect(r.out).toContain('1 of 3 choices (filter "adv")');
    expect(r.out).toContain('blue: {"type":"advance"}');
    expect(r.out).toContain('Stopped (quit) after 3 action(s) in force.');
    expect(r.code).toBe(0);
    const log = readLog(out);
    expect(actionsOf(log)).toEqual([['red', { type: 'bid', n: 1 }], ['blue', { type: 'bid', n: 2 }], ['blue', { type: 'advance' }]]);
  });

  it('Duel 3.2: illegal input is refused with its rule case and changes nothing', async () => {
    const out = file('illegal.json');
    const adv = '{"type":"advance"}';
    const r = await playScript({ ruleset: 'duel', seed: 'c2', out },
      ['1', '1', adv, adv, adv, adv, '7', 'xyz', '{"type":"fly"}', '{oops', 'quit']);
    expect(r.out).toContain('Refused: illegal: Duel 3.2: the marker is already at 3');
    expect(r.out).toContain('Refused: there is no item 7; choose 1..2');
    expect(r.out).toContain('Refused: "xyz" is neither a command nor part of any choice');
    expect(r.out).toMatch(/Refused: illegal: Duel 3: \{"type":"fly"\} is not a legal choice for "Attack, advance or pass"/);
    expect(r.out).toContain('Refused: that is not valid JSON');
    expect(r.out).toContain('5 input line(s) were refused.');
    expect(r.code).toBe(2);
    const log = readLog(out);
    const acts = actionsOf(log) as [string, Action][];
    expect(acts).toHaveLength(5);
    expect(log.entries[log.entries.length - 1]!.hash).toBe(stateHash(reference('c2', acts).state));
  });

  it('undo takes back a free action; Duel 3.1 a die roll cannot be taken back alone', async () => {
    const out = file('undo.json');
    const r = await playScript({ ruleset: 'duel', seed: 'c3', out }, ['1', '1', '3', 'undo', '1', 'undo', 'quit']);
    expect(r.out).toContain('red takes back: {"type":"advance"}');
    expect(r.out).toContain('red attack [Duel 3.1]');
    expect(r.out).toContain('Refused: undo: red cannot take back: the last action rolled dice or revealed hidden information');
    const log = readLog(out);
    const bids = reference('c3', [['red', { type: 'bid', n: 1 }], ['blue', { type: 'bid', n: 1 }]]);
    const undoEntry = log.entries.find((e) => 'undo' in e)!;
    expect(undoEntry.hash).toBe(stateHash(bids.state));
    expect(actionsOf(log).map(([, a]) => a.type)).toEqual(['bid', 'bid', 'advance', 'attack']);
  });

  it('takeback rewinds past the random seat\'s replies and dice to before the person\'s last action', async () => {
    const out = file('takeback.json');
    // seed c9: red outbids the random blue, attacks (a die), blue answers; takeback goes back over all of it
    const r = await playScript({ ruleset: 'duel', seed: 'c9', out, seats: ['blue=random'] }, ['2', '1', 'undo', 'takeback', 'quit']);
    expect(r.out).toContain('blue (random): answer sealed'); // Duel 2: the person must not read the AI's sealed bid
    expect(r.out).toMatch(/Refused: undo: the last action was blue's \(random\); "takeback" rewinds/);
    expect(r.out).toMatch(/red takes back \d+ action\(s\), back to before "\{"type":"attack"\}" \(blue agrees\)/);
    const log = readLog(out);
    const tb = log.entries.find((e) => 'takeback' in e) as { takeback: { to: number; requestedBy: string; consentedBy: string }; hash: string };
    expect(tb.takeback).toMatchObject({ requestedBy: 'red', consentedBy: 'blue' });
    const before = actionsOf(log).slice(0, tb.takeback.to) as [string, Action][];
    // the position before the attack, with a new stream of dice (docs/fair-dice.md)
    const back = Game.load(duel as any, log);
    expect(stateHash({ ...back.state, rng: null })).toBe(stateHash({ ...reference('c9', before).state, rng: null }));
    expect(tb.hash).toBe(stateHash(back.state));
    expect(Game.load(duel as any, log).played).toHaveLength(tb.takeback.to);
  });

  it('save and --load round trip: the loaded game has the same state hash and plays on to the end', async () => {
    const first = file('pbem-1.json');
    const r1 = await playScript({ ruleset: 'duel', seed: 'c4', out: first }, ['2', '1', '3', '1', 'save ' + file('copy.json')]);
    expect(r1.out).toContain(`Saved 4 action(s) to ${file('copy.json')}`);
    expect(r1.out).toContain('Stopped (the input ended) after 4 action(s) in force.'); // end of input also saves
    const log1 = readLog(first);
    const hash1 = log1.entries[log1.entries.length - 1]!.hash;
    expect(hash1).toBe(stateHash(reference('c4', actionsOf(log1) as [string, Action][]).state));

    const second = file('pbem-2.json');
    const r2 = await playScript({ load: first, out: second }, ['view', 'log 2', 'quit']);
    expect(r2.out).toContain('Loaded 4 action(s) in force; every state hash verified.');
    expect(r2.out).toContain('units: {"red":[3,2,1]');
    expect(r2.out).toMatch(/ {4}4 red: \{"type":"attack"\}/);
    const log2 = readLog(second);
    expect(log2.entries).toEqual(log1.entries);
    expect(stateHash(Game.load(duel as any, log2).state)).toBe(hash1);

    const third = file('pbem-3.json');
    const r3 = await playScript({ load: second, out: third, seats: ['red=random', 'blue=random'] }, []);
    expect(r3.code).toBe(0);
    const end = Game.load(duel as any, readLog(third));
    expect(end.state.outcome).not.toBeNull();
    expect(r3.out).toContain(`Game over: ${end.state.outcome!.result}`);
    expect(readLog(third).entries.slice(0, log1.entries.length)).toEqual(log1.entries);
  });

  it('Duel 4: AI against the random player plays to the end with a line per automatic action', async () => {
    const out = file('ai.json');
    const r = await playScript({ ruleset: 'duel', seed: 'c5', out, seats: ['red=ai:easy', 'blue=random'], budgetMs: 500 }, []);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/red \(ai easy\): \{"type":"bid","n":\d\}/);
    expect(r.out).toMatch(/blue \(random\): /);
    const g = Game.load(duel as any, readLog(out));
    expect(g.state.outcome).not.toBeNull();
    expect(r.out).toContain(`Game over: ${g.state.outcome!.result}`);
    expect(r.out.match(/Game over/g)).toHaveLength(1); // the result line, not the kernel's event too
    expect(r.out).not.toContain('decides:'); // no human was asked anything
  });

  it('play-by-email: --as plays one seat and stops, saved, when only the other seat can decide', async () => {
    const out = file('email.json');
    const r1 = await playScript({ ruleset: 'duel', seed: 'c6', out, as: 'red' }, ['3']);
    expect(r1.out).toContain('Seats: red human, blue remote');
    expect(r1.out).toContain('Stopped (waiting for blue (Bid for the first move), who play elsewhere) after 1 action(s) in force.');
    expect(r1.code).toBe(0);
    // `theater play --load FILE` with no --out writes the continued log back to FILE.
    const r2 = await playScript({ load: out, as: 'blue' }, ['1']);
    expect(r2.out).toContain('bids red 3, blue 1: red moves first [Duel 2]');
    expect(r2.out).toContain('Stopped (waiting for red (Attack, advance or pass), who play elsewhere) after 2 action(s) in force.');
    expect(r2.out).toContain(`Saved 2 action(s) to ${out}`);
    expect(actionsOf(readLog(out))).toEqual([['red', { type: 'bid', n: 3 }], ['blue', { type: 'bid', n: 1 }]]);
  });

  it('a server game ended by a resignation: --load says so; played on, the saved log no longer claims the result', async () => {
    const g = Game.create(duel as any, 'standard', {}, 'c8') as Game<BaseState>;
    g.act('red', { type: 'bid', n: 1 });
    g.act('blue', { type: 'bid', n: 2 });
    const resigned = file('resigned.json');
    const meta = { gameId: 'g1', status: 'finished', serverResult: { kind: 'resigned', loser: 'red', winner: 'blue', result: 'red resigned: blue wins' } };
    writeFileSync(resigned, JSON.stringify(g.toLog(meta)));
    const kept = file('kept.json');
    const r1 = await playScript({ load: resigned, out: kept }, ['quit']);
    expect(r1.out).toContain('The server ended this game (red resigned: blue wins)');
    expect(readLog(kept).meta).toEqual(meta);
    const on = file('played-on.json');
    await playScript({ load: resigned, out: on }, ['/advance', '1', 'quit']);
    const log = readLog(on);
    expect(actionsOf(log)).toHaveLength(3);
    expect(log.meta).toEqual({ gameId: 'g1' });
  });

  it('refuses a log for another rule set and flags that --load fixes', async () => {
    const out = file('flags.json');
    await playScript({ ruleset: 'duel', seed: 'c7', out }, ['quit']);
    await expect(playScript({ load: out, seed: 'x' }, [])).rejects.toThrow('--seed cannot be used with --load');
    await expect(playScript({ ruleset: 'duel', seats: ['green=human'] }, [])).rejects.toThrow('this game has no seat "green"; its seats are red, blue');
    await expect(playScript({ ruleset: 'duel', seats: ['red=genius'] }, [])).rejects.toThrow('"genius" is not a player');
  });

  it('registerPlayCommand: per-seat options and --option reach the game', async () => {
    const input = new PassThrough();
    input.end('');
    let text = '';
    const output = new Writable({ write(c, _e, cb) { text += String(c); cb(); } });
    const program = new Command('theater').exitOverride();
    registerPlayCommand(program, { input, output, tty: false });
    const before = process.exitCode;
    const out = file('command.json');
    await program.parseAsync(['play', 'duel', '--seed', 'c8', '--red', 'random', '--blue', 'random', '--option', 'rounds=2', '--out', out], { from: 'user' });
    process.exitCode = before;
    expect(text).toContain('Seats: red random, blue random');
    expect(text).toMatch(/Game over: (red wins|blue wins|draw by exhaustion)/);
    const log = readLog(out);
    expect(log.options).toEqual({ rounds: 2 });
    expect((Game.load(duel as any, log).state as any).round).toBeLessThanOrEqual(3);
  });

  it('play --help names every command of the prompt (HELP), takeback and all among them', () => {
    const program = new Command('theater').exitOverride();
    registerPlayCommand(program, { input: new PassThrough(), output: new Writable({ write(_c, _e, cb) { cb(); } }), tty: false });
    const help = program.commands.find((c) => c.name() === 'play')!;
    let text = '';
    help.configureOutput({ writeOut: (t) => { text += t; } });
    help.outputHelp();
    const commands = HELP.slice(1).map((l) => l.trim().split(/\s+/)[0]!).filter((w) => /^[a-z.]+$/.test(w));
    expect(commands).toEqual(expect.arrayContaining(['..', 'list', 'undo', 'takeback', 'log', 'view', 'save', 'help', 'quit']));
    for (const c of commands.filter((w) => w !== 'list')) expect(text).toContain(c);
    expect(text).toMatch(/\ball lists every choice/);
  });
});
