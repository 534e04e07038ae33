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
  /** The adapter's name of each turn reached ("Autumn 1939"), for the chart's axes (absent in older results files). */
  turnLabels?: Record<number, string>;
}

export interface SimulationResult {
  ruleset: string;
  scenario: string;
  /** The rule set's title and the scenario's name, for the chart. */
  title?: string;
  /** Names of the rule set's powers and countries by id (its assets), so that charts say "Poland", not "pl". */
  names?: Record<string, string>;
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
    turnLabels: Object.fromEntries(g.reports.filter((r) => r.turnLabel).map((r) => [r.turn, r.turnLabel!])),
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
  const title = `${ruleset.title}, ${ruleset.scenarios.find((x) => x.id === scenario)?.name ?? scenario}`;
  return {
    ruleset: ruleset.id, scenario, title, names: namesOf(ruleset), history: aiAdapterFor(ruleset.id)?.history?.(scenario) ?? [],
    players: o.players, games, wins, draws, unfinished,
  };
}

/** Powers' and countries' names by id from the rule set's assets (the board contract: counters.powers, board.countries). */
function namesOf(ruleset: Ruleset<any>): Record<string, string> {
  const a = ruleset.assets?.() as { counters?: { powers?: Record<string, { name?: string }> }; board?: { countries?: Record<string, { name?: string }> } } | undefined;
  const out: Record<string, string> = {};
  for (const src of [a?.board?.countries, a?.counters?.powers]) for (const [id, x] of Object.entries(src ?? {})) if (x?.name) out[id] = x.name;
  return out;
}

/** A milestone or series name as a player reads it: a leading power id replaced by its name ("pl conquered": "Poland conquered"). */
export function displayName(r: SimulationResult, name: string): string {
  const i = name.indexOf(' ');
  const head = i < 0 ? name : name.slice(0, i);
  const full = r.names?.[head];
  return full ? full + (i < 0 ? '' : name.slice(i)) : name;
}

/** How many games ended at each victory level (unfinished ones too), most frequent first. */
export function victoryLevels(r: SimulationResult): [string, number][] {
  const n = new Map<string, number>();
  for (const g of r.games) n.set(g.victoryLevel, (n.get(g.victoryLevel) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
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
  out.push(`victory levels: ${victoryLevels(r).map(([k, x]) => `${k} ${x}`).join(', ')}`);
  const ms2 = milestoneTurns(r);
  if (ms2.length) {
    out.push('', 'milestone  games  mean turn  range  historical (history, not rules)');
    for (const m of ms2) {
      const named = m.mean === null ? undefined : turnNames(r).get(Math.round(m.mean));
      out.push(`${displayName(r, m.name)}  ${m.games}/${r.games.length}  ${m.mean === null ? '-' : m.mean.toFixed(1)}${named ? ` (${named})` : ''}  ${m.range}  ${m.history ?? '-'}${m.source ? `: ${m.source}` : ''}`);
    }
  }
  return out.join('\n') + '\n';
}

/** Each milestone: in how many games, its mean turn and range, beside the historical turn when the adapter knows it. */
export function milestoneTurns(r: SimulationResult): {
  name: string; games: number; mean: number | null; range: string; history: string | null; historyTurn: number | null; source: string | null;
}[] {
  const names = [...new Set([...r.games.flatMap((g) => Object.keys(g.milestones)), ...r.history.map((h) => h.milestone)])].sort();
  return names.map((name) => {
    const ts = r.games.map((g) => g.milestones[name]).filter((x): x is number => x !== undefined);
    const h = r.history.find((x) => x.milestone === name);
    return {
      name, games: ts.length, mean: ts.length ? mean(ts) : null, range: ts.length ? `${Math.min(...ts)}-${Math.max(...ts)}` : '-',
      history: h ? `${h.label} (turn ${h.turn})` : null, historyTurn: h?.turn ?? null, source: h?.source ?? null,
    };
  });
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const HISTORY = '#d62728';

/** Names of turns seen in the games ("Autumn 1939"), and the historical dates' own labels. */
function turnNames(r: SimulationResult): Map<number, string> {
  const out = new Map<number, string>();
  for (const g of r.games) for (const [t, l] of Object.entries(g.turnLabels ?? {})) out.set(Number(t), l);
  for (const h of r.history) if (!out.has(h.turn)) out.set(h.turn, h.label);
  return out;
}

/** Up to `n` ticks between lo and hi, each named by the game's turn name when known ("turn 7" else). */
function axisTicks(r: SimulationResult, lo: number, hi: number, n: number): { t: number; label: string }[] {
  const names = turnNames(r);
  const known = [...names.keys()].filter((t) => t >= lo && t <= hi).sort((a, b) => a - b);
  const pool = known.length ? known : Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  const step = Math.max(1, Math.ceil(pool.length / n));
  const picked = pool.filter((_, i) => i % step === 0);
  return picked.map((t) => ({ t, label: names.get(t) ?? `turn ${t}` }));
}

/**
 * When each milestone came: one row per milestone, a dot per game at its turn, the historical date as a red bar
 * (below the production chart), with a legend, the turns named on the axis and the historical date written out.
 */
function milestoneChart(r: SimulationResult, y0: number, W: number): string[] {
  const ms = milestoneTurns(r).filter((m) => m.games || m.historyTurn !== null);
  if (!ms.length) return [];
  const out: string[] = [];
  const all = [...ms.flatMap((m) => r.games.map((g) => g.milestones[m.name]).filter((x): x is number => x !== undefined)), ...ms.map((m) => m.historyTurn).filter((x): x is number => x !== null)];
  const lo = Math.min(...all), hi = Math.max(lo + 1, ...all);
  const left = 250, right = W - 150, rowH = 18;
  const x = (t: number) => left + ((t - lo) / (hi - lo)) * (right - left);
  out.push(`<text x="48" y="${y0 + 20}" font-size="13" font-weight="bold">When each event came, game by game, beside the real war</text>`);
  const ly = y0 + 40;
  out.push(`<circle cx="54" cy="${ly - 4}" r="4" fill="#1f77b4" fill-opacity="0.5"/><text x="64" y="${ly}">one game (darker where games agree)</text>`);
  out.push(`<line x1="320" y1="${ly - 10}" x2="320" y2="${ly + 2}" stroke="${HISTORY}" stroke-width="3"/><text x="328" y="${ly}">the historical date (history, not a rule)</text>`);
  out.push(`<text x="48" y="${ly + 18}" fill="#555">${esc(`Left: the event, in how many of the ${r.games.length} games it came; right: its historical date ("never": it did not happen).`)}</text>`);
  const top = ly + 34;
  ms.forEach((m, i) => {
    const y = top + i * rowH;
    if (i % 2 === 0) out.push(`<rect x="44" y="${y - rowH / 2}" width="${W - 88}" height="${rowH}" fill="#f4f4f4"/>`);
    out.push(`<text x="48" y="${y + 4}">${esc(`${displayName(r, m.name)} (${m.games}/${r.games.length})`)}</text>`);
    out.push(`<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#ccc"/>`);
    for (const g of r.games) {
      const t = g.milestones[m.name];
      if (t !== undefined) out.push(`<circle cx="${x(t).toFixed(1)}" cy="${y}" r="4" fill="#1f77b4" fill-opacity="0.35"><title>${esc(`${g.seed}: ${turnNames(r).get(t) ?? `turn ${t}`}`)}</title></circle>`);
    }
    if (m.historyTurn !== null) {
      const h = r.history.find((z) => z.milestone === m.name)!;
      out.push(`<line x1="${x(m.historyTurn).toFixed(1)}" y1="${y - 7}" x2="${x(m.historyTurn).toFixed(1)}" y2="${y + 7}" stroke="${HISTORY}" stroke-width="3"><title>${esc(`${h.label}${h.source ? `: ${h.source}` : ''}`)}</title></line>`);
      out.push(`<text x="${right + 12}" y="${y + 4}" fill="${HISTORY}">${esc(h.label)}</text>`);
    } else {
      out.push(`<text x="${right + 12}" y="${y + 4}" fill="#888">never</text>`);
    }
  });
  const yb = top + ms.length * rowH;
  out.push(`<line x1="${left}" y1="${yb - rowH / 2 + 2}" x2="${right}" y2="${yb - rowH / 2 + 2}" stroke="black"/>`);
  for (const tk of axisTicks(r, lo, hi, 6)) {
    const xt = x(tk.t).toFixed(1);
    out.push(`<line x1="${xt}" y1="${yb - rowH / 2 + 2}" x2="${xt}" y2="${yb - rowH / 2 + 6}" stroke="black"/><text x="${xt}" y="${yb + 10}" text-anchor="middle" font-size="11">${esc(tk.label)}</text>`);
  }
  return out;
}

/** Height of the milestone part of the chart. */
const milestoneHeight = (rows: number) => (rows ? 110 + rows * 18 : 0);

/** Win rates (bars), mean production by turn (lines) and milestones beside history, as a standalone SVG. */
export function simulationChart(r: SimulationResult): string {
  const ms = milestoneTurns(r).filter((m) => m.games || m.historyTurn !== null);
  const W = 760, H0 = 520, pad = 48, H = H0 + milestoneHeight(ms.length);
  const n = r.games.length || 1;
  const seatName = (s: string) => r.names?.[s] ?? s.charAt(0).toUpperCase() + s.slice(1);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  const levels = [...new Set(Object.values(r.players))];
  const who = levels.length === 1 ? `every seat ${levels[0]}` : Object.entries(r.players).map(([s, p]) => `${seatName(s)} ${p}`).join(' vs ');
  const [game, scenario] = (r.title ?? r.ruleset).split(/, (.*)/s);
  parts.push(`<text x="${pad}" y="22" font-size="15">${esc(game!)}</text>`);
  parts.push(`<text x="${pad}" y="38" font-size="12">${esc(`${scenario ? `${scenario}: ` : ''}${r.games.length} games, ${who}`)}</text>`);
  // Win rates; seats of one side that win together (a side's seats) show under the seat the rules name as winner.
  const shown = Object.keys(r.players).filter((s) => (r.wins[s] ?? 0) > 0 || Object.keys(r.players).length <= 4);
  const bars: [string, number][] = [...shown.map((s) => [`${seatName(s)} wins`, (r.wins[s] ?? 0) / n] as [string, number]),
    ['draw', r.draws / n], ['unfinished', r.unfinished / n]];
  const barTop = 52, barH = 20;
  bars.forEach(([label, v], i) => {
    const y = barTop + i * (barH + 6);
    const w = (W - 2 * pad - 160) * v;
    parts.push(`<text x="${pad}" y="${y + 14}">${esc(label)}</text>`);
    parts.push(`<rect x="${pad + 140}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${PALETTE[i % PALETTE.length]}"/>`);
    parts.push(`<text x="${(pad + 146 + w).toFixed(1)}" y="${y + 14}">${pct(v)}</text>`);
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
  const top = barTop + bars.length * (barH + 6) + 30, bottom = H0 - pad, left = pad + 20, right = W - 150;
  parts.push(`<text x="${pad}" y="${top - 10}" font-size="13" font-weight="bold">Mean production (or strength) by turn, over the games still going</text>`);
  parts.push(`<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="black"/><line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="black"/>`);
  if (turns.length) {
    const maxV = Math.max(1, ...[...byTurn.values()].flatMap((m) => [...m.values()].map(mean)));
    const t0 = turns[0]!, t1 = turns[turns.length - 1]!;
    const x = (t: number) => left + (turns.length === 1 ? 0 : ((t - t0) / (t1 - t0)) * (right - left));
    const y = (v: number) => bottom - (v / maxV) * (bottom - top);
    parts.push(`<text x="${left - 6}" y="${top + 4}" text-anchor="end">${maxV.toFixed(0)}</text><text x="${left - 6}" y="${bottom}" text-anchor="end">0</text>`);
    for (const tk of axisTicks(r, t0, Math.max(t0 + 1, t1), 6)) {
      if (tk.t > t1) continue;
      parts.push(`<text x="${x(tk.t).toFixed(1)}" y="${bottom + 16}" text-anchor="middle" font-size="11">${esc(tk.label)}</text>`);
    }
    powers.forEach((pw, i) => {
      const pts = turns.filter((t) => byTurn.get(t)!.has(pw)).map((t) => `${x(t).toFixed(1)},${y(mean(byTurn.get(t)!.get(pw)!)).toFixed(1)}`);
      const color = PALETTE[i % PALETTE.length];
      parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>`);
      if (pts.length <= 3) for (const pt of pts) parts.push(`<circle cx="${pt.split(',')[0]}" cy="${pt.split(',')[1]}" r="3" fill="${color}"/>`);
      parts.push(`<text x="${right + 10}" y="${top + 14 * i + 10}" fill="${color}">${esc(displayName(r, pw))}</text>`);
    });
  } else {
    parts.push(`<text x="${left + 10}" y="${(top + bottom) / 2}">no production figures (the rule set's AI adapter reports none)</text>`);
  }
  parts.push(...milestoneChart(r, H0, W));
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
}
