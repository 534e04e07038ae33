// What survives the young generation, from a GC trace: scavenges, their pauses, the bytes that survived them and the
// part of those promoted to the old generation, per action, and the full GCs, between the markers
// bench/ab-server-cpu.ts prints under --trace-gc.
//   node --trace-gc-nvp --import tsx bench/ab-server-cpu.ts --games 200 --actions 60 --spread 100 > FILE
//   npx tsx bench/gc-nvp.ts FILE
// The bytes per action are steady from run to run (within 1-2 %), unlike CPU time on a shared machine: a scavenge's
// pause grows with what survives it, so this is the figure to compare for a change that keeps fewer objects per state.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/gc-nvp.ts FILE (the output of ab-server-cpu.ts under node --trace-gc-nvp)');
const text = readFileSync(file, 'utf8');
const actions = Number(/: (\d+) actions \(/.exec(text)?.[1]);
if (!actions) throw new Error(`${file}: no "N actions" line of ab-server-cpu.ts`);
const scavenge = { n: 0, pause: 0, longest: 0, promoted: 0, survived: 0 };
const full = { n: 0, pause: 0, longest: 0 };
let measured = false;
for (const line of text.split('\n')) {
  if (line.includes('measured rounds begin')) measured = true;
  else if (line.includes('measured rounds end')) measured = false;
  if (!measured || !line.includes(' gc=')) continue;
  const f = new Map([...line.matchAll(/(\S+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
  const pause = Number(f.get('pause'));
  if (f.get('gc') === 's') {
    scavenge.n++;
    scavenge.pause += pause;
    scavenge.longest = Math.max(scavenge.longest, pause);
    scavenge.promoted += Number(f.get('promoted'));
    scavenge.survived += Number(f.get('new_space_survived'));
  } else {
    full.n++;
    full.pause += pause;
    full.longest = Math.max(full.longest, pause);
  }
}
const kb = (bytes: number) => (bytes / actions / 1000).toFixed(1);
console.log(`${actions} actions: ${scavenge.n} scavenges, ${scavenge.pause.toFixed(0)} ms (longest ${scavenge.longest.toFixed(1)}); `
  + `survived ${kb(scavenge.survived)} KB an action, of which promoted ${kb(scavenge.promoted)}; `
  + `${full.n} full GCs, ${full.pause.toFixed(0)} ms (longest ${full.longest.toFixed(1)})`);
