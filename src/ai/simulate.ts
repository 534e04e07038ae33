// Batches of AI-vs-AI games for `theater simulate` and the benchmark: results table, aggregates and an SVG chart.
import type { BaseState, Options, Ruleset, Seat } from '../engine/index.ts';
import { aiAdapterFor } from './adapters.ts';
import { cpuMs, playGame, type PlayedGame, type PlayerKind } from './play.ts';
import type { HistoricalMilestone } from './types.ts';

export interface SimulateOptions {
  scenario?: string;
  options?: Options;
  games: number;
  /** Player of each seat, in the rule set's seat order. */
  players: Record<Seat, PlayerKind>;
  seed: string;
  maxActions?: number;
  budgetMs?: number;
  /** Progress: game index (0-based), actions so far in it, the game's state. */
  onProgress?: (game: number, actions: number, state: BaseState) => void;
  onGame?: (game: number, result: GameSummary, played: PlayedGame) => void;
}

export interface GameSummary {
  seed: string;
  winner: Seat | null;
  result: string;
  victoryLevel: string;
  actions: number;
  /** The whole game's wall and CPU time (every seat's thinking and the rules), milliseconds. */
  wallMs: number;
  cpuMs: number;
  /** The game reached `maxActions` before it ended (no winner, not a draw). */
  unfinished: boolean;
  lastTurn: number;
  milestones: Record<string, number>;
  msPerDecision: Record<Seat, number>;
  /** Thinking per player turn (docs/ai.md: hard's bar is 10 s), mean and worst, by seat. */
  turnMs: Record<Seat, { mean: number; max: number; turns: number }>;
  /** The same in CPU time of the process. */
  turnCpuMs: Record<Seat, { mean: number; max: number; turns: number }>;
  /** Positions looked at per player turn. */
  turnPositions: Record<Seat, { mean: number; max: number; turns: number }>;
  /** Longest single decision, by seat, milliseconds. */
  maxDecisionMs: Record<Seat, number>;
  /** Production (or strength) by power at the start of each turn. */
  production: { turn: number; values: Record<string, number> }[];
}

export interface SimulationResult {
  ruleset: string;
  scenario: string;
  /** When each milestone happened historically (the adapter's `history`), for the table and the chart. */
  history: HistoricalMilestone[];
  players: Record<Seat, PlayerKind>;
  games: GameSummary[];
  wins: Record<string, number>;
  draws: number;
  unfinished: number;
}

export function simulate(ruleset: Ruleset<any>, o: SimulateOptions): SimulationResult {
  const games: GameSummary[] = [];
  for (let i = 0; i < o.games; i++) {
    const { summary, played } = simulateGame(ruleset, o, i);
    games.push(summary);
    o.onGame?.(i, summary, played);
  }
  return simulationResult(ruleset, o, games);
}

/** Game `i` of a simulation (seed `<seed>-i`): the same game whichever process plays it (`src/ai/simulate-jobs.ts`). */
export function simulateGame(ruleset: Ruleset<any>, o: SimulateOptions, i: number): { summary: GameSummary; played: PlayedGame } {
  const seed = `${o.seed}-${i}`;
  const t0 = performance.now(), c0 = cpuMs();
  const g = playGame(ruleset, {
    scenario: o.scenario, options: o.options, seed, players: o.players, maxActions: o.maxActions, budgetMs: o.budgetMs,
    onAction: (n, state) => o.onProgress?.(i, n, state),
  });
  const wallMs = performance.now() - t0, gameCpuMs = cpuMs() - c0;
  const summary: GameSummary = {
    wallMs, cpuMs: gameCpuMs,
    seed, winner: g.outcome?.winner ?? null, result: g.outcome?.result ?? 'unfinished', victoryLevel: g.victoryLevel, actions: g.actions,
    unfinished: g.unfinished, lastTurn: g.reports[g.reports.length - 1]?.turn ?? 0, milestones: g.milestones,
    msPerDecision: Object.fromEntries(Object.keys(g.decisions).map((k) => [k, g.thinkMs[k]! / g.decisions[k]!])),
    maxDecisionMs: g.maxDecisionMs,
    turnMs: Object.fromEntries(Object.entries(g.turnMs).map(([k, xs]) => [k, { mean: mean(xs), max: Math.max(0, ...xs), turns: xs.length }])),
    turnCpuMs: Object.fromEntries(Object.entries(g.turnCpuMs).map(([k, xs]) => [k, { mean: mean(xs), max: Math.max(0, ...xs), turns: xs.length }])),
    turnPositions: Object.fromEntries(Object.entries(g.turnPositions).map(([k, xs]) => [k, { mean: mean(xs), max: Math.max(0, ...xs), turns: xs.length }])),
    production: g.reports.filter((r) => r.production).map((r) => ({ turn: r.turn, values: r.production! })),
  };
  return { summary, played: g };
}

/** Wins, draws and unfinished games (stopped at `maxActions`) of a simulation's games, in game order. */
export function simulationResult(ruleset: Ruleset<any>, o: SimulateOptions, games: GameSummary[]): SimulationResult {
  const wins: Record<string, number> = Object.fromEntries(ruleset.seats.map((s) => [s, 0]));
  let draws = 0, unfinished = 0;
  for (const g of games) {
    if (g.unfinished) unfinished++;
    else if (g.winner === null) draws++;
    else wins[g.winner] = (wins[g.winner] ?? 0) + 1;
  }
  const scenario = o.scenario ?? ruleset.scenarios[0]!.id;
  return { ruleset: ruleset.id, scenario, history: aiAdapterFor(ruleset.id)?.history?.(scenario) ?? [], players: o.players, games, wins, draws, unfinished };
}

/** Plain-text table of a simulation: one line per game, then the totals. */
export function resultsTable(r: SimulationResult): string {
  const milestoneNames = [...new Set(r.games.flatMap((g) => Object.keys(g.milestones)))].sort();
  const head = ['game', 'seed', 'winner', 'result', 'victory level', 'actions', 'turns', ...milestoneNames.map((m) => `turn: ${m}`)];
  const rows = r.games.map((g, i) => [
    String(i + 1), g.seed, g.winner ?? '-', g.result, g.victoryLevel, String(g.actions), String(g.lastTurn),
    ...milestoneNames.map((m) => (m in g.milestones ? String(g.milestones[m]) : '-')),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => x.padEnd(widths[c]!)).join('  ').trimEnd();
  const out = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  const n = r.games.length || 1;
  const seatLine = Object.entries(r.players).map(([seat, p]) => `${seat} (${p}) ${r.wins[seat] ?? 0} wins (${pct((r.wins[seat] ?? 0) / n)})`);
  out.push('', `${seatLine.join(', ')}, ${r.draws} draws, ${r.unfinished} unfinished`);
  const ms = Object.keys(r.players).map((seat) => {
    const xs = r.games.map((g) => g.msPerDecision[seat]).filter((x): x is number => x !== undefined);
    return `${seat} ${xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1) : '-'} ms`;
  });
  out.push(`mean time per decision: ${ms.join(', ')}`);
  const turns = Object.keys(r.players).filter((seat) => r.players[seat] !== 'random').map((seat) => {
    const ts = r.games.map((g) => g.turnMs[seat]).filter((x) => x !== undefined);
    const cs = r.games.map((g) => g.turnCpuMs[seat]).filter((x) => x !== undefined);
    if (!ts.length) return `${seat} -`;
    const m = ts.reduce((a, t) => a + t.mean * t.turns, 0) / (ts.reduce((a, t) => a + t.turns, 0) || 1);
    return `${seat} ${(m / 1000).toFixed(1)} s mean, ${(Math.max(...ts.map((t) => t.max)) / 1000).toFixed(1)} s worst` +
      (cs.length ? ` (CPU ${(Math.max(...cs.map((t) => t.max)) / 1000).toFixed(1)} s worst)` : '');
  });
  out.push(`thinking per player turn: ${turns.join(', ')}`);
  const ms2 = milestoneTurns(r);
  if (ms2.length) {
    out.push('', 'milestone  games  mean turn  range  historical');
    for (const m of ms2) out.push(`${m.name}  ${m.games}/${r.games.length}  ${m.mean === null ? '-' : m.mean.toFixed(1)}  ${m.range}  ${m.history ?? '-'}`);
  }
  return out.join('\n') + '\n';
}

/** Each milestone: in how many games, its mean turn and range, beside the historical turn when the adapter knows it. */
export function milestoneTurns(r: SimulationResult): { name: string; games: number; mean: number | null; range: string; history: string | null; historyTurn: number | null }[] {
  const names = [...new Set([...r.games.flatMap((g) => Object.keys(g.milestones)), ...r.history.map((h) => h.milestone)])].sort();
  return names.map((name) => {
    const ts = r.games.map((g) => g.milestones[name]).filter((x): x is number => x !== undefined);
    const h = r.history.find((x) => x.milestone === name);
    return {
      name, games: ts.length, mean: ts.length ? mean(ts) : null, range: ts.length ? `${Math.min(...ts)}-${Math.max(...ts)}` : '-',
      history: h ? `${h.label} (turn ${h.turn})` : null, historyTurn: h?.turn ?? null,
    };
  });
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/**
 * When each milestone came: one row per milestone, a dot per game at its turn, the historical turn as a red tick
 * (below the production chart).
 */
function milestoneChart(r: SimulationResult, y0: number): string[] {
  const ms = milestoneTurns(r).filter((m) => m.games || m.historyTurn !== null);
  if (!ms.length) return [];
  const out: string[] = [];
  const all = [...ms.flatMap((m) => r.games.map((g) => g.milestones[m.name]).filter((x): x is number => x !== undefined)), ...ms.map((m) => m.historyTurn).filter((x): x is number => x !== null)];
  const lo = Math.min(...all), hi = Math.max(lo + 1, ...all);
  const left = 190, right = 690, rowH = 16;
  const x = (t: number) => left + ((t - lo) / (hi - lo)) * (right - left);
  out.push(`<text x="48" y="${y0 + 24}" font-size="13">When (turn): each game's dot; red: historical</text>`);
  ms.forEach((m, i) => {
    const y = y0 + 44 + i * rowH;
    out.push(`<text x="48" y="${y + 4}">${esc(`${m.name} (${m.games}/${r.games.length})`)}</text>`);
    out.push(`<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#ddd"/>`);
    for (const g of r.games) {
      const t = g.milestones[m.name];
      if (t !== undefined) out.push(`<circle cx="${x(t).toFixed(1)}" cy="${y}" r="3" fill="#1f77b4" fill-opacity="0.5"/>`);
    }
    if (m.historyTurn !== null) out.push(`<line x1="${x(m.historyTurn).toFixed(1)}" y1="${y - 6}" x2="${x(m.historyTurn).toFixed(1)}" y2="${y + 6}" stroke="#d62728" stroke-width="2"><title>${esc(m.history ?? '')}</title></line>`);
  });
  const yb = y0 + 44 + ms.length * rowH;
  out.push(`<text x="${left}" y="${yb + 4}">turn ${lo}</text><text x="${right}" y="${yb + 4}" text-anchor="end">turn ${hi}</text>`);
  return out;
}

/** Win rates (bars), mean production by turn (lines) and milestones beside history, as a standalone SVG. */
export function simulationChart(r: SimulationResult): string {
  const ms = milestoneTurns(r).filter((m) => m.games || m.historyTurn !== null);
  const W = 720, H0 = 520, pad = 48, H = H0 + (ms.length ? 70 + ms.length * 16 : 0);
  const n = r.games.length || 1;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  parts.push(`<text x="${pad}" y="24" font-size="15">${esc(`${r.ruleset}: ${n} games, ${Object.entries(r.players).map(([s, p]) => `${s} ${p}`).join(' vs ')}`)}</text>`);
  // Win rates
  const bars: [string, number][] = [...Object.keys(r.players).map((s) => [`${s} (${r.players[s]})`, (r.wins[s] ?? 0) / n] as [string, number]),
    ['draw', r.draws / n], ['unfinished', r.unfinished / n]];
  const barTop = 44, barH = 22;
  bars.forEach(([label, v], i) => {
    const y = barTop + i * (barH + 6);
    const w = (W - 2 * pad - 140) * v;
    parts.push(`<text x="${pad}" y="${y + 15}">${esc(label)}</text>`);
    parts.push(`<rect x="${pad + 120}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${PALETTE[i % PALETTE.length]}"/>`);
    parts.push(`<text x="${(pad + 126 + w).toFixed(1)}" y="${y + 15}">${pct(v)}</text>`);
  });
  // Mean production by turn, one line per power
  const byTurn = new Map<number, Map<string, number[]>>();
  for (const g of r.games) for (const p of g.production) {
    const m = byTurn.get(p.turn) ?? new Map<string, number[]>();
    for (const [k, v] of Object.entries(p.values)) (m.get(k) ?? m.set(k, []).get(k)!).push(v);
    byTurn.set(p.turn, m);
  }
  const turns = [...byTurn.keys()].sort((a, b) => a - b);
  const powers = [...new Set([...byTurn.values()].flatMap((m) => [...m.keys()]))].sort();
  const top = barTop + bars.length * (barH + 6) + 30, bottom = H0 - pad, left = pad + 20, right = W - 130;
  parts.push(`<text x="${pad}" y="${top - 10}" font-size="13">Mean production by turn</text>`);
  parts.push(`<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="black"/><line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="black"/>`);
  if (turns.length) {
    const maxV = Math.max(1, ...[...byTurn.values()].flatMap((m) => [...m.values()].map(mean)));
    const x = (t: number) => left + (turns.length === 1 ? 0 : ((t - turns[0]!) / (turns[turns.length - 1]! - turns[0]!)) * (right - left));
    const y = (v: number) => bottom - (v / maxV) * (bottom - top);
    parts.push(`<text x="${left - 6}" y="${top + 4}" text-anchor="end">${maxV.toFixed(0)}</text><text x="${left - 6}" y="${bottom}" text-anchor="end">0</text>`);
    parts.push(`<text x="${left}" y="${bottom + 16}">turn ${turns[0]}</text><text x="${right}" y="${bottom + 16}" text-anchor="end">turn ${turns[turns.length - 1]}</text>`);
    powers.forEach((pw, i) => {
      const pts = turns.filter((t) => byTurn.get(t)!.has(pw)).map((t) => `${x(t).toFixed(1)},${y(mean(byTurn.get(t)!.get(pw)!)).toFixed(1)}`);
      const color = PALETTE[i % PALETTE.length];
      parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>`);
      parts.push(`<text x="${right + 10}" y="${top + 14 * i + 10}" fill="${color}">${esc(pw)}</text>`);
    });
  } else {
    parts.push(`<text x="${left + 10}" y="${(top + bottom) / 2}">no production figures (the rule set's AI adapter reports none)</text>`);
  }
  parts.push(...milestoneChart(r, H0));
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
}
