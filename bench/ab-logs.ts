// A/B of the rules' results across builds whose APIs differ (issue #18's platform work): one build plays fuzzed games
// and writes their logs, another replays them with every state hash checked. Uses only what every build since the
// platform contract's base (079e259^) has: the `rulesets` registry, `fuzzGame`, `Game` (create, act, undo, entries)
// and `stateHash`, so the same file runs in a copy of the base (docs/performance.md "Determinism").
//   npx tsx bench/ab-logs.ts generate DIR [--games 20] [--max-actions 8000] [--only 2ww,eto:bulge,...] [--stackless eto]
//     [--options '{"cooperation":true}'] (the games' rule set options, as JSON)
//   npx tsx bench/ab-logs.ts replay DIR [--dump OUT]   (OUT: the states around a divergence, as JSON)
//   npx tsx bench/ab-logs.ts state LOG N               (the state after N entries, to compare with a dump)
// A log lists only actions and undos, which mean the same in log versions 1 and 2, so a build replays a newer log as
// its own version. A log of a rule set or scenario this build lacks is counted as skipped. --stackless: for these rule
// sets the log's meta also holds, per entry, the hash of the state without its procedure stack (ETO's stack was
// restructured on purpose in rules version 0.2.0): where the full hashes differ, the replay goes on comparing those,
// and every entry must still be legal.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuzzGame, Game, LOG_VERSION, stateHash, type Options } from '../src/engine/index.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { arg } from './args.ts';

const [mode, target] = process.argv.slice(2);
interface Log {
  meta?: { stackless?: string[] };
  version: number; ruleset: string; scenario: string; options: Options; seed: string;
  setupHash: string; entries: ({ seat: string; action: Record<string, unknown>; hash: string } | { undo: string; hash: string })[];
}

/** Hash of a state without its procedure stack (sealed answers are filed under the depth of their frame: without it). */
function stackless(state: { sealed?: Record<string, unknown> }): string {
  const sealed = Object.fromEntries(Object.entries(state.sealed ?? {}).map(([k, v]) => [k.replace(/^\d+:/, ''), v]));
  return stateHash({ ...state, stack: null, sealed });
}

interface Replayed { game: Game<any>; at: number | null; why?: string; stackFrom?: number }

/**
 * Replay `log` entry by entry with this build's rules; stops at the first entry whose state hash differs (with
 * stackless hashes in the log: the first whose state outside the stack differs; `stackFrom`: where the full ones did).
 */
function replay(log: Log, upTo = Infinity): Replayed {
  const game = Game.create(rulesets[log.ruleset]!, log.scenario, log.options, log.seed);
  const outside = log.meta?.stackless;
  let stackFrom: number | undefined;
  const differs = (i: number, full: string, want: string): string | null => {
    if (full === want && stackFrom === undefined) return null;
    if (!outside) return `state hash ${full}, log says ${want}`;
    stackFrom ??= i;
    const h = stackless(game.state);
    return h === outside[i + 1] ? null : `state outside the stack: hash ${h}, log says ${outside[i + 1]}`;
  };
  const setup = differs(-1, game.setupHash, log.setupHash);
  if (setup) return { game, at: -1, why: setup };
  for (let i = 0; i < Math.min(upTo, log.entries.length); i++) {
    const e = log.entries[i]!;
    try {
      if ('undo' in e) game.undo(e.undo);
      else game.act(e.seat, e.action as never);
    } catch (err) {
      return { game, at: i, stackFrom, why: `refused: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}` };
    }
    const why = differs(i, game.entries[game.entries.length - 1]!.hash, e.hash);
    if (why) return { game, at: i, stackFrom, why };
  }
  return { game, at: null, stackFrom };
}

if (mode === 'generate') {
  const games = Number(arg('--games', '20'));
  const maxActions = Number(arg('--max-actions', '8000'));
  const only = arg('--only', '').split(',').filter(Boolean);
  const withStackless = arg('--stackless', 'eto').split(',');
  const options = JSON.parse(arg('--options', '{}')) as Options;
  mkdirSync(target!, { recursive: true });
  for (const rs of Object.values(rulesets)) {
    for (const sc of rs.scenarios) {
      if (only.length && !only.includes(rs.id) && !only.includes(`${rs.id}:${sc.id}`)) continue;
      for (let i = 0; i < games; i++) {
        const seed = `ab-logs-${sc.id}-${i}`;
        const t = performance.now();
        const r = fuzzGame(rs, { scenario: sc.id, seed, options, maxActions, checkReplay: false, invariantEvery: 1e9, undoPerMille: 5 });
        const end = r.ok ? (r.outcome as { result?: string } | null)?.result ?? 'ended' : `${r.failure!.kind} (${r.failure!.message.split('\n')[0]!.slice(0, 120)})`;
        const log = r.log as unknown as Log;
        if (withStackless.includes(rs.id)) {
          const g = Game.create(rs, sc.id, options, seed);
          const hashes = [stackless(g.state)];
          for (const e of log.entries) {
            if ('undo' in e) g.undo(e.undo);
            else g.act(e.seat, e.action as never);
            hashes.push(stackless(g.state));
          }
          log.meta = { ...log.meta, stackless: hashes };
        }
        writeFileSync(join(target!, `${rs.id}.${sc.id}.${i}.json`), JSON.stringify(log));
        console.log(`${rs.id} ${sc.id} ${i}: ${r.log.entries.length} entries in ${((performance.now() - t) / 1000).toFixed(1)} s, ${end}`);
      }
    }
  }
} else if (mode === 'replay') {
  const dump = arg('--dump', '');
  let same = 0, differ = 0, skipped = 0, entries = 0, stackOnly = 0;
  for (const f of readdirSync(target!).filter((x) => x.endsWith('.json')).sort()) {
    const log = JSON.parse(readFileSync(join(target!, f), 'utf8')) as Log;
    const rs = rulesets[log.ruleset];
    if (!rs || !rs.scenarios.some((s) => s.id === log.scenario)) {
      skipped++;
      console.log(`${f}: skipped (no ${log.ruleset} ${log.scenario} in this build)`);
      continue;
    }
    if (log.version > LOG_VERSION) log.version = LOG_VERSION;
    const t = performance.now();
    const r = replay(log);
    const secs = ((performance.now() - t) / 1000).toFixed(1);
    if (r.at === null && r.stackFrom === undefined) {
      same++;
      entries += log.entries.length;
      console.log(`${f}: ${log.entries.length} entries, every hash equal (${secs} s)`);
      continue;
    }
    if (r.at === null) {
      stackOnly++;
      console.log(`${f}: ${log.entries.length} entries, hashes differ from entry ${r.stackFrom} on, in the procedure stack only: every entry legal, the state outside the stack equal after each (${secs} s)`);
      continue;
    }
    differ++;
    const e = log.entries[r.at];
    const what = !e ? 'setup' : 'undo' in e ? `undo by ${e.undo}` : `${e.seat} ${JSON.stringify(e.action).slice(0, 160)}`;
    console.log(`${f}: DIFFERS at entry ${r.at} of ${log.entries.length} (${what}): ${r.why}`);
    if (dump && r.at >= 0) {
      mkdirSync(dump, { recursive: true });
      writeFileSync(join(dump, `${f}.at${r.at}.json`), JSON.stringify(r.game.state, null, 1));
    }
  }
  console.log(`replayed: ${same} logs (${entries} entries) with every hash equal, ${stackOnly} equal outside the procedure stack, ${differ} differ, ${skipped} skipped`);
  if (differ) process.exitCode = 1;
} else if (mode === 'state') {
  const log = JSON.parse(readFileSync(target!, 'utf8')) as Log;
  if (log.version > LOG_VERSION) log.version = LOG_VERSION;
  const n = Number(process.argv[4]);
  const r = replay(log, n);
  console.log(JSON.stringify(r.game.state, null, 1));
  console.error(`hash ${stateHash(r.game.state)}`);
} else {
  console.error('usage: ab-logs.ts generate DIR [--games N] [--max-actions N] [--only ids] | replay DIR [--dump OUT] | state LOG N');
  process.exitCode = 2;
}
