// Map configs by rule set id.
import { config2ww } from './2ww.config.ts';
import type { MapConfig } from './config-types.ts';
import { configEto } from './eto-build.ts';

const configs: Record<string, MapConfig> = { '2ww': config2ww, eto: configEto };

export function getMapConfig(rulesetId: string): MapConfig {
  const c = configs[rulesetId];
  if (!c) throw new Error(`no map config for rule set "${rulesetId}"; known: ${Object.keys(configs).join(', ')}`);
  return c;
}
