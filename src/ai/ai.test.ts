import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionKey, Game, prompts, viewFor } from '../engine/index.ts';
import { duel } from '../engine/testing/duel.ts';
import { chooseAction, levelParams } from './index.ts';
import { LEVELS } from './levels.ts';
import type { AiAdapter } from './types.ts';
import { playGame } from './play.ts';
import { milestoneTurns, resultsTable, simulate, simulationChart, type GameSummary, type SimulationResult } from './simulate.ts';
import { simulateJobs } from './simulate-jobs.ts';

function duelGame(seed = 'ai') {
  const g = Game.create(duel, 'standard', { rounds: 20 }, seed);
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  return g;
}

describe('chooseAction on duel', () => {
  it('Duel 3.1 attacks rather than passes (an attack is worth half a strength point), and explains with the exact odds', () => {
    const g = duelGame();
    const view = viewFor(duel, g.state, 'red');
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const r = chooseAction({ ruleset: 'duel', seat: 'red', level, view, prompt: view.prompt!, seed: 'x' });
      expect(r.action).toEqual({ type: 'attack' });
      expect(r.explanation).toMatch(/^\{"type":"attack"\}: 50% to win, expected losses 0\.0 to 0\.5; one decision, value \+0\.00 to \+0\.08; best of \d+ plans, \d+ positions(,|$)/);
    }
  });
  it('is deterministic for a seed: same request, same answer and same search figures', () => {
    const g = duelGame();
    const view = viewFor(duel, g.state, 'red');
    const a = chooseAction({ ruleset: 'duel', seat: 'red', level: 'easy', view, prompt: view.prompt!, seed: 's1' });
    const b = chooseAction({ ruleset: 'duel', seat: 'red', level: 'easy', view, prompt: view.prompt!, seed: 's1' });
    expect(b).toEqual(a);
    const h1 = chooseAction({ ruleset: 'duel', seat: 'red', level: 'hard', view, prompt: view.prompt!, seed: 's1' });
    const h2 = chooseAction({ ruleset: 'duel', seat: 'red', level: 'hard', view, prompt: view.prompt!, seed: 's1' });
    expect(h2).toEqual(h1);
    expect(h1.stats!.positions).toBeGreaterThan(a.stats!.positions);
  });
  it('never repeats a decision in a position it is back in this turn (a declaration cancelled and made again loops), unless asked again at the same action count', () => {
    const g = duelGame();
    const view = viewFor(duel, g.state, 'red');
    const ask = (seq: number) => chooseAction({ ruleset: 'duel', seat: 'red', level: 'easy', view: { ...view, seq }, prompt: view.prompt!, seed: 'r', game: 'loop' });
    const first = ask(view.seq);
    expect(first.action).toEqual({ type: 'attack' });
    expect(ask(view.seq).action).toEqual(first.action);
    // The same action taken later in another position is no repetition (the positions are compared, not the actions).
    const elsewhere = { ...view, seq: view.seq + 2, state: { ...(view.state as object), elsewhere: true } };
    expect(chooseAction({ ruleset: 'duel', seat: 'red', level: 'easy', view: elsewhere, prompt: view.prompt!, seed: 'r', game: 'loop' }).action).toEqual(first.action);
    const back = ask(view.seq + 4);
    expect(back.action).not.toEqual(first.action);
    expect(back.explanation).toMatch(/not again what was chosen here at action \d+, which led back to this position/);
  });
  it('whole AI-vs-AI games replay identically for a seed', () => {
    const a = playGame(duel, { seed: 'det', options: { rounds: 20 }, players: { red: 'normal', blue: 'easy' } });
    const b = playGame(duel, { seed: 'det', options: { rounds: 20 }, players: { red: 'normal', blue: 'easy' } });
    expect(b.game.toLog()).toEqual(a.game.toLog());
  });
  it('never returns an action outside the prompt: every decision of 20 games against random is checked', () => {
    let decisions = 0;
    for (let i = 0; i < 20; i++) {
      const g = Game.create(duel, 'standard', { rounds: 6 }, `legal-${i}`);
      while (!g.state.outcome) {
        const p = prompts(duel, g.state)[0]!;
        const view = viewFor(duel, g.state, p.seat);
        const level = i < 2 ? 'hard' : i % 2 ? 'easy' : 'normal';
        const act = p.seat === 'red' || i % 2
          ? chooseAction({ ruleset: 'duel', seat: p.seat, level, view, prompt: view.prompt!, seed: `${i}` }).action
          : p.choices[(g.seq * 7 + i) % p.choices.length]!.action;
        expect(view.prompt!.choices.map((c) => actionKey(c.action))).toContain(actionKey(act));
        g.act(p.seat, act);
        decisions++;
      }
    }
    expect(decisions).toBeGreaterThan(200);
  });
});

describe('levels', () => {
  it("a seat's own budgets merge over the rule set's, which merge over the defaults; other seats and levels keep theirs", () => {
    const adapter = { levels: { hard: { perDecision: 80, turnPositions: 4_000 } }, seatLevels: { axis: { hard: { perDecision: 200 } } } } as unknown as AiAdapter<any>;
    expect(levelParams(adapter, 'hard', 'axis')).toEqual({ ...LEVELS.hard, perDecision: 200, turnPositions: 4_000 });
    expect(levelParams(adapter, 'hard', 'allies')).toEqual({ ...LEVELS.hard, perDecision: 80, turnPositions: 4_000 });
    expect(levelParams(adapter, 'easy', 'axis')).toEqual(LEVELS.easy);
  });
});

describe('AI strength on duel (Duel 4: the side that keeps units wins)', () => {
  it('the easy AI beats the random player in at least 80% of 50 games, on either side', () => {
    let aiWins = 0, randomWins = 0;
    for (let i = 0; i < 50; i++) {
      const aiSeat = i % 2 ? 'red' : 'blue';
      const players = aiSeat === 'red' ? { red: 'easy', blue: 'random' } as const : { red: 'random', blue: 'easy' } as const;
      const r = playGame(duel, { seed: `vs-random-${i}`, options: { rounds: 20 }, players });
      if (r.outcome?.winner === aiSeat) aiWins++;
      else if (r.outcome?.winner) randomWins++;
    }
    expect(aiWins).toBeGreaterThanOrEqual(40);
    expect(randomWins).toBeLessThan(aiWins / 4);
  });
});

describe('simulate (theater simulate)', () => {
  it('counts wins per seat, prints one table line per game and draws a chart with production lines', () => {
    const r = simulate(duel, { games: 4, players: { red: 'easy', blue: 'random' }, seed: 'sim', options: { rounds: 20 } });
    expect(r.games).toHaveLength(4);
    expect((r.wins.red ?? 0) + (r.wins.blue ?? 0) + r.draws + r.unfinished).toBe(4);
    const table = resultsTable(r);
    expect(table.split('\n').filter((l) => /^\d+\s+sim-\d/.test(l))).toHaveLength(4);
    expect(table).toMatch(/red \(easy\) \d+ wins/);
    const svg = simulationChart(r);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<polyline /g)).toHaveLength(2); // red and blue strength over the rounds
  });
  it('shows each milestone beside its historical date for a player: names for ids, a legend, the turns named', () => {
    const game = (seed: string, milestones: Record<string, number>): GameSummary => ({
      seed, winner: 'red', result: 'red wins', victoryLevel: 'decisive', actions: 9, wallMs: 1, cpuMs: 1, unfinished: false, lastTurn: 3,
      milestones, msPerDecision: {}, turnMs: {}, turnCpuMs: {}, turnPositions: {}, maxDecisionMs: {}, production: [],
      turnLabels: { 1: 'Autumn 1939', 2: 'Winter 1939', 3: 'Spring 1940' },
    });
    const r: SimulationResult = {
      ruleset: 'x', scenario: 's', title: 'A Game, Its Scenario', names: { pl: 'Poland' }, players: { red: 'hard', blue: 'hard' },
      history: [{ milestone: 'pl conquered', turn: 1, label: 'Autumn 1939', source: 'Warsaw surrendered 28 September 1939' }],
      games: [game('a', { 'pl conquered': 1 }), game('b', { 'pl conquered': 3, 'fr conquered': 3 })], wins: { red: 2 }, draws: 0, unfinished: 0,
    };
    expect(milestoneTurns(r).map((m) => [m.name, m.games, m.mean, m.range, m.history])).toEqual([
      ['fr conquered', 1, 3, '3-3', null], ['pl conquered', 2, 2, '1-3', 'Autumn 1939 (turn 1)'],
    ]);
    expect(resultsTable(r)).toMatch(/^Poland conquered {2}2\/2 {2}2\.0 \(Winter 1939\) {2}1-3 {2}Autumn 1939 \(turn 1\): Warsaw surrendered 28 September 1939$/m);
    expect(resultsTable(r)).toMatch(/^victory levels: decisive 2$/m);
    const svg = simulationChart(r);
    expect(svg).toContain('>Poland conquered (2/2)</text>');
    expect(svg).toContain('>fr conquered (1/2)</text>'); // no name known for "fr": the id stays
    expect(svg).toContain('<title>Autumn 1939: Warsaw surrendered 28 September 1939</title>');
    expect(svg).toContain('the historical date (history, not a rule)');
    expect(svg.match(/>never<\/text>/g)).toHaveLength(1);
    expect(svg).toContain('>Spring 1940</text>');
    expect(svg).toContain('every seat hard');
  });
  it('--jobs plays the same games in child processes; a results file resumes a run where it stopped', async () => {
    const o = { players: { red: 'easy', blue: 'random' } as const, seed: 'jobs', options: { rounds: 20 } };
    // What decides a game, without its timings.
    const facts = (g: GameSummary) => [g.seed, g.winner, g.result, g.actions, g.unfinished, g.milestones, g.turnPositions, g.production];
    const serial = simulate(duel, { ...o, games: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'theater-jobs-'));
    try {
      const file = join(dir, 'results.jsonl');
      const two = await simulateJobs(duel, { ...o, games: 2 }, { jobs: 2, resultsFile: file });
      expect(two.games.map(facts)).toEqual(serial.games.slice(0, 2).map(facts));
      const ended: number[] = [];
      const three = await simulateJobs(duel, { ...o, games: 3, onGame: (i) => ended.push(i) }, { jobs: 2, resultsFile: file });
      expect(three.games.map(facts)).toEqual(serial.games.map(facts));
      expect(three.wins).toEqual(serial.wins);
      expect(ended).toEqual([0, 1, 2]); // the first two read back, the third played
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
