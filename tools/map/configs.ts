// Map configs: each rule set's src/rulesets/<id>/map.config.ts (data only; its default export).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyMapConfig } from './config-types.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const RULESETS = join(REPO_ROOT, 'src', 'rulesets');

/** Rule sets that have a map config, sorted. */
export function mapConfigIds(): string[] {
  return readdirSync(RULESETS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(RULESETS, d.name, 'map.config.ts')))
    .map((d) => d.name)
    .sort();
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

/** A rule set's map config by id, or a config file by path (ending in .config.ts: fixtures, drafts). */
export async function getMapConfig(rulesetId: string): Promise<AnyMapConfig> {
  if (rulesetId.endsWith('.config.ts')) {
    const path = resolve(rulesetId);
    if (!existsSync(path)) throw new Error(`map config file ${rulesetId} does not exist`);
    return loadConfigFile(path);
  }
  const file = join(RULESETS, rulesetId, 'map.config.ts');
  if (!/^[a-z0-9-]+$/.test(rulesetId) || !existsSync(file)) {
    throw new Error(`no map config for rule set "${rulesetId}" (src/rulesets/${rulesetId}/map.config.ts); known: ${mapConfigIds().join(', ')}`);
  }
  return loadConfigFile(file);
}
