// Blitzkrieg General's reported fuzz (issue #25: 20 games of each scenario to the end, optional rules off and on):
// random games as `theater fuzz` plays them, every invariant after every action, each log replayed to every state
// hash (Game.load) and its final hash compared. One JSON line per game in RESULTS; a rerun skips the games already
// there (resumable) and always plays next the scenario and variant with the fewest games recorded.
//   nice -n 19 npx tsx bench/bkg-fuzz.ts RESULTS [--games 20] [--seed p12] [--variants off,all]
//     [--scenarios basic-1939,advanced-1939,advanced-1941] [--logs DIR] [--max-actions 200000] [--notes]
// Variants: `off` (no optional rule), `all` (every optional rule of advanced 9, 9.10 with random alliances), `9.10`
// (non-historic alliances alone). Game i of a scenario and variant has seed `<seed>-<scenario>-<variant>-<i>`; a
// failing game's log goes to DIR/fail/, every other to DIR (gzipped; default: RESULTS' folder). --notes: exploratory
// notes (not invariants) of land units in the area of a country at peace with them, and aircraft in an enemy area.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fuzzGame, Game, stateHash, type Options } from '../src/engine/index.ts';
import { bkg } from '../src/rulesets/bkg/index.ts';
import { bkgMap } from '../src/rulesets/bkg/map.ts';
import { atWar, friendly } from '../src/rulesets/bkg/politics.ts';
import { MAJORS, sideOfMajor } from '../src/rulesets/bkg/powers.ts';
import { OPTIONAL_RULES, isLandUnit, turnLabel, type BkgState } from '../src/rulesets/bkg/state.ts';
import { arg } from './args.ts';

const VARIANTS: Record<string, Options> = {
  off: {},
  all: Object.fromEntries(Object.keys(OPTIONAL_RULES).map((id) => [id, true])),
  '9.10': { nonHistoricAlliances: true },
};

interface Row {
  key: string; scenario: string; variant: string; seed: string; ok: boolean; actions: number; result: string | null;
  turn: string; axis: string; failure: { kind: string; at: number; message: string } | null; replay: string;
  notes: string[]; cpu: number; replayCpu: number; at: string;
}

const out = process.argv[2];
if (!out || out.startsWith('--')) {
  console.error('usage: bkg-fuzz.ts RESULTS [--games N] [--seed S] [--variants off,all,9.10] [--scenarios ...] [--logs DIR] [--max-actions N] [--notes]');
  process.exit(2);
}
const games = Number(arg('--games', '20'));
const seedBase = arg('--seed', 'p12');
const variants = arg('--variants', 'off,all').split(',');
const scenarios = arg('--scenarios', bkg.scenarios.map((s) => s.id).join(',')).split(',');
const logs = arg('--logs', dirname(out));
const maxActions = Number(arg('--max-actions', '200000'));
const withNotes = process.argv.includes('--notes');
for (const v of variants) if (!VARIANTS[v]) throw new Error(`--variants: no variant "${v}" (${Object.keys(VARIANTS).join(', ')})`);
for (const sc of scenarios) if (!bkg.scenarios.some((s) => s.id === sc)) throw new Error(`--scenarios: no scenario "${sc}"`);
mkdirSync(join(logs, 'fail'), { recursive: true });

const rows: Row[] = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Row) : [];
const cpuSeconds = (c: NodeJS.CpuUsage): number => +((c.user + c.system) / 1e6).toFixed(1);

/** Exploratory notes (not failures), at most six a game. */
function explorer(notes: string[]): (s: BkgState) => void {
  const m = bkgMap();
  return (s) => {
    const fighting = new Set([...s.battles.map((b) => b.place), ...s.contacts.map((c) => c.place),
      ...s.stack.filter((f) => f.proc === 'land-air' || f.proc === 'battle').map((f) => f.place as string)]);
    for (const u of Object.values(s.units)) {
      if (notes.length >= 6) return;
      if (u.where === 'box' || u.aboard || fighting.has(u.where) || m.isSea[m.board.find(u.where)] === 1) continue;
      const c = s.control[u.where]!;
      const k = isLandUnit(u) && c !== u.power && !friendly(s, u.power, c) && !atWar(s, u.power, c) ? 'at peace'
        : u.type === 'air' && atWar(s, u.power, c) ? 'enemy area' : '';
      if (k && !notes.some((n) => n.startsWith(`${u.id} `))) {
        notes.push(`${u.id} in ${u.where} (${c}, ${k}) at ${turnLabel(s)} ${s.phase} ${s.stack.map((f) => f.proc).join('>')}`);
      }
    }
  };
}

for (;;) {
  // The scenario and variant with the fewest games recorded, then the order given.
  const count = (sc: string, v: string): number => rows.filter((r) => r.scenario === sc && r.variant === v).length;
  const next = scenarios.flatMap((sc) => variants.map((v) => ({ sc, v, n: count(sc, v) })))
    .filter((x) => x.n < games).sort((a, b) => a.n - b.n)[0];
  if (!next) break;
  let i = next.n;
  while (rows.some((r) => r.key === `${seedBase}-${next.sc}-${next.v}-${i}`)) i++;
  const seed = `${seedBase}-${next.sc}-${next.v}-${i}`;
  const notes: string[] = [];
  const explore = withNotes ? explorer(notes) : null;
  let calls = 0;
  const ruleset = explore ? { ...bkg, invariants: (s: BkgState) => { if (++calls % 3 === 0) explore(s); return bkg.invariants!(s); } } : bkg;
  const c0 = process.cpuUsage();
  const r = fuzzGame(ruleset, { scenario: next.sc, options: VARIANTS[next.v], seed, maxActions, checkReplay: false });
  const cpu = cpuSeconds(process.cpuUsage(c0));
  const c1 = process.cpuUsage();
  let replay = 'not replayed', turn = '?', axis = '';
  if (r.ok) {
    try {
      const s = Game.load(bkg, JSON.parse(JSON.stringify(r.log))).state as BkgState;
      const last = r.log.entries[r.log.entries.length - 1];
      replay = last && stateHash(s) === last.hash ? 'every hash equal' : 'FINAL HASH DIFFERS';
      turn = turnLabel(s);
      if (VARIANTS[next.v]!.nonHistoricAlliances) axis = MAJORS.filter((m) => sideOfMajor(s, m) === 'axis').join('+');
    } catch (e) {
      replay = `FAILED: ${(e as Error).message.split('\n')[0]}`;
    }
  }
  const replayCpu = cpuSeconds(process.cpuUsage(c1));
  writeFileSync(join(logs, r.ok && replay === 'every hash equal' ? '' : 'fail', `${seed}.json.gz`), gzipSync(JSON.stringify(r.log)));
  const row: Row = {
    key: seed, scenario: next.sc, variant: next.v, seed, ok: r.ok, actions: r.actions, result: r.outcome?.result ?? null, turn, axis,
    failure: r.failure ? { kind: r.failure.kind, at: r.failure.at, message: r.failure.message.slice(0, 2000) } : null,
    replay, notes, cpu, replayCpu, at: new Date().toISOString(),
  };
  rows.push(row);
  appendFileSync(out, JSON.stringify(row) + '\n');
  const what = r.ok ? `${row.result} in ${turn}` : `FAILED (${r.failure!.kind}) at action ${r.failure!.at}: ${r.failure!.message.split('\n')[0]}`;
  console.log(`${seed}: ${what} | ${r.actions} actions, ${cpu} s CPU | replay: ${replay}, ${replayCpu} s${axis ? ` | Axis ${axis}` : ''}${notes.length ? ` | ${notes.length} notes` : ''}`);
}

// The summary of every game recorded.
for (const sc of scenarios) for (const v of variants) {
  const rs = rows.filter((r) => r.scenario === sc && r.variant === v);
  const ended = rs.filter((r) => r.ok && r.replay === 'every hash equal');
  const outcomes = new Map<string, number>();
  for (const r of ended) {
    const o = r.result!.replace(/ \(.*\)$/, '').replace(/^Draw.*/, 'draw');
    outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
  }
  const sum = (f: (r: Row) => number) => rs.reduce((a, r) => a + f(r), 0);
  console.log(`${sc} ${v}: ${rs.length} games, ${ended.length} ended with every hash equal, ${rs.length - ended.length} failed; ` +
    `${sum((r) => r.actions)} actions, ${sum((r) => r.cpu).toFixed(0)} s CPU playing, ${sum((r) => r.replayCpu).toFixed(0)} s replaying; ` +
    [...outcomes].map(([o, n]) => `${n} ${o}`).join(', '));
}
