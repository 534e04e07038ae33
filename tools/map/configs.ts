// Map configs: each rule set's src/rulesets/<id>/map.config.ts (data only; its default export).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyMapConfig } from './config-types.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const RULESETS = join(REPO_ROOT, 'src', 'rulesets');

/** A rule set's map config files: its map.config.ts, or one maps/<map>.config.ts per map (BKG: Europe, Pacific). */
export function mapConfigFiles(rulesetId: string): { map: string; file: string }[] {
  const dir = join(RULESETS, rulesetId);
  if (existsSync(join(dir, 'map.config.ts'))) return [{ map: rulesetId, file: join(dir, 'map.config.ts') }];
  if (!existsSync(join(dir, 'maps'))) return [];
  return readdirSync(join(dir, 'maps'))
    .filter((f) => f.endsWith('.config.ts'))
    .sort()
    .map((f) => ({ map: `${rulesetId}/${f.slice(0, -'.config.ts'.length)}`, file: join(dir, 'maps', f) }));
}

/** Rule sets that have a map config, sorted. */
export function mapConfigIds(): string[] {
  return readdirSync(RULESETS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && mapConfigFiles(d.name).length > 0)
    .map((d) => d.name)
    .sort();
}

/** Every map of a rule set ("bkg" gives "bkg/europe" and "bkg/pacific"), or the one map named ("bkg/europe"). */
export function mapIds(id: string): string[] {
  if (id.endsWith('.config.ts')) return [id];
  const [rulesetId, one] = id.split('/');
  const maps = /^[a-z0-9-]+$/.test(rulesetId) ? mapConfigFiles(rulesetId).map((m) => m.map) : [];
  const found = one === undefined ? maps : maps.filter((m) => m === id);
  if (found.length === 0) {
    const known = mapConfigIds().flatMap((r) => mapConfigFiles(r).map((m) => m.map));
    const where = maps.length ? `src/rulesets/${rulesetId}/maps/${one}.config.ts` : `src/rulesets/${rulesetId}/map.config.ts`;
    throw new Error(`no map config for rule set "${id}" (${where}); known: ${known.join(', ')}`);
  }
  return found;
}

/** Loads a config file (a rule set's map.config.ts, or a test fixture) and checks its kind. */
export async function loadConfigFile(file: string): Promise<AnyMapConfig> {
  const mod = (await import(pathToFileURL(file).href)) as { default?: AnyMapConfig };
  const c = mod.default;
  if (!c || !['hex', 'hex-sheets', 'areas'].includes(c.kind)) {
    throw new Error(`${file}: the default export must be a map config with kind 'hex', 'hex-sheets' or 'areas'`);
  }
  return c;
}

/** A map's config by id ("2ww", or "bkg/europe" for a rule set with several maps), or a config file by path (ending
 * in .config.ts: fixtures, drafts). A rule set with several maps needs the map named. */
export async function getMapConfig(id: string): Promise<AnyMapConfig> {
  if (id.endsWith('.config.ts')) {
    const path = resolve(id);
    if (!existsSync(path)) throw new Error(`map config file ${id} does not exist`);
    return loadConfigFile(path);
  }
  const maps = mapIds(id);
  if (maps.length > 1) throw new Error(`rule set "${id}" has several maps: name one of ${maps.join(', ')}`);
  const [rulesetId] = id.split('/');
  const file = mapConfigFiles(rulesetId).find((m) => m.map === maps[0])!.file;
  return loadConfigFile(file);
}
