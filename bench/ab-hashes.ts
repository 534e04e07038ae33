// A/B determinism check for speed work (issue #19): random games of every scenario of every rule set, with fixed
// seeds, print one digest of each game's state-hash sequence (setup hash, then every log entry's). Run it on the base
// and on the changed code and compare the outputs line by line: any difference is a change of the rules' results.
// Run: npx tsx bench/ab-hashes.ts [--games N] [--max-actions N] [--only 2ww,eto] [--pick all|group]  (each game is
// also replayed with every hash checked and plays with the kernel's check mode of derived facts on). --only: these
// rule sets; --pick group: the random player picks a unit's group first, as the web client does (fuzzGame's `pick`;
// another game from the same seed, so its seeds are named apart).
import { fuzzGame, hashString, type Options } from '../src/engine/index.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { arg, argNum } from './args.ts';

const games = argNum('--games', 3);
const maxActions = argNum('--max-actions', 2000);
const only = arg('--only', '').split(',').filter(Boolean);
for (const id of only) if (!(id in rulesets)) throw new Error(`--only: no rule set "${id}" (${Object.keys(rulesets).join(', ')})`);
const pick = arg('--pick', 'all') as 'all' | 'group';
if (pick !== 'all' && pick !== 'group') throw new Error(`--pick ${String(pick)}: use all or group`);
let failures = 0;
for (const rs of Object.values(rulesets)) {
  if (only.length && !only.includes(rs.id)) continue;
  for (const sc of rs.scenarios) {
    for (let i = 0; i < games; i++) {
      const seed = pick === 'group' ? `ab-${sc.id}-group-${i}` : `ab-${sc.id}-${i}`;
      const options: Options = rs.options.some((o) => o.id === 'quickSetup') ? { quickSetup: true } : {};
      const r = fuzzGame(rs, { scenario: sc.id, seed, options, maxActions, checkDerivedFacts: true, checkReplay: true, undoPerMille: 5, pick });
      const hashes = [r.log.setupHash, ...r.log.entries.map((e) => e.hash)].join(',');
      const ok = r.ok || r.failure?.kind === 'too-long';
      if (!ok) failures++;
      console.log(`${rs.id} ${sc.id} ${seed}: ${r.log.entries.length} entries, last ${r.log.entries.at(-1)?.hash ?? r.log.setupHash}, digest ${hashString(hashes)}${ok ? '' : ` FAILED ${r.failure!.kind}: ${r.failure!.message.split('\n')[0]}`}`);
    }
  }
}
if (failures) process.exitCode = 1;
