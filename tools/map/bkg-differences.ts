// Writes into a BKG map config (src/rulesets/bkg/maps/<europe|pacific>.config.ts) its `links` and `unlinks`: the
// differences between the drawing from geography and the rules' links (data/map.json), ruling 52. Run after changing
// a config, then build:  npx tsx tools/map/bkg-differences.ts europe && npx tsx tools/map/build.ts src/rulesets/bkg/maps/europe.config.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAreaMap } from './areas.ts';
import { loadConfigFile, REPO_ROOT } from './configs.ts';
import type { AreaMapConfig } from './config-types.ts';

const which = process.argv[2];
if (which !== 'europe' && which !== 'pacific') throw new Error('usage: npx tsx tools/map/bkg-differences.ts europe|pacific');
const file = join(REPO_ROOT, 'src/rulesets/bkg/maps', `${which}.config.ts`);
const cfg = { ...(await loadConfigFile(file)) as AreaMapConfig, links: [], unlinks: [] };
const mapJson = JSON.parse(readFileSync(join(REPO_ROOT, 'src/rulesets/bkg/data/map.json'), 'utf8')) as { links: [string, string, string, string[], string][] };
const { board } = buildAreaMap(cfg);
const ids = new Set(Object.keys(cfg.areas));
const key = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
const want = new Map<string, [string, string]>();
for (const [a, b, kind, , src] of mapJson.links) if (ids.has(a) && ids.has(b)) want.set(key(a, b), [kind, src]);
const got = new Map(board.adjacency!.map((l) => [key(l.a, l.b), l.kind]));
const q = JSON.stringify;
const links: string[] = [], unlinks: string[] = [];
for (const [k, [kind, src]] of [...want].sort()) {
  const [a, b] = k.split('|');
  if (!got.has(k)) links.push(`  rules(${q(a)}, ${q(b)}, ${q(kind)}, ${q(src)}),`);
  else if (got.get(k) !== kind) links.push(`  kindOf(${q(a)}, ${q(b)}, ${q(kind)}, ${q(src)}),`);
}
for (const k of [...got.keys()].sort()) if (!want.has(k)) { const [a, b] = k.split('|'); unlinks.push(`  drawnOnly(${q(a)}, ${q(b)}),`); }
let s = readFileSync(file, 'utf8');
s = s.replace(/export const links: LinkDef\[\] = \[[\s\S]*?\n\];\n/, `export const links: LinkDef[] = [\n${links.join('\n')}\n];\n`);
s = s.replace(/export const unlinks: \{ a: string; b: string; source: Source \}\[\] = \[[\s\S]*?\n\];\n/, `export const unlinks: { a: string; b: string; source: Source }[] = [\n${unlinks.join('\n')}\n];\n`);
writeFileSync(file, s);
console.log(`${which}: ${links.length} declared links, ${unlinks.length} removed touches`);
