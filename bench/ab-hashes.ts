// A/B determinism check for speed work (issue #19): random games of every scenario of every rule set, with fixed
// seeds, print one digest of each game's state-hash sequence (setup hash, then every log entry's). Run it on the base
// and on the changed code and compare the outputs line by line: any difference is a change of the rules' results.
// Run: npx tsx bench/ab-hashes.ts [--games N] [--max-actions N]  (each game is also replayed with every hash checked
// and plays with the kernel's check mode of derived facts on).
import { fuzzGame, hashString, type Options } from '../src/engine/index.ts';
import { rulesets } from '../src/rulesets/index.ts';
import { argNum } from './args.ts';

const games = argNum('--games', 3);
const maxActions = argNum('--max-actions', 2000);
let failures = 0;
for (const rs of Object.values(rulesets)) {
  for (const sc of rs.scenarios) {
    for (let i = 0; i < games; i++) {
      const seed = `ab-${sc.id}-${i}`;
      const options: Options = rs.options.some((o) => o.id === 'quickSetup') ? { quickSetup: true } : {};
      const r = fuzzGame(rs, { scenario: sc.id, seed, options, maxActions, checkDerivedFacts: true, checkReplay: true, undoPerMille: 5 });
      const hashes = [r.log.setupHash, ...r.log.entries.map((e) => e.hash)].join(',');
      const ok = r.ok || r.failure?.kind === 'too-long';
      if (!ok) failures++;
      console.log(`${rs.id} ${sc.id} ${seed}: ${r.log.entries.length} entries, last ${r.log.entries.at(-1)?.hash ?? r.log.setupHash}, digest ${hashString(hashes)}${ok ? '' : ` FAILED ${r.failure!.kind}: ${r.failure!.message.split('\n')[0]}`}`);
    }
  }
}
if (failures) process.exitCode = 1;
