import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config2ww from '../../src/rulesets/2ww/map.config.ts';
import { buildMap, REPO_ROOT } from './build.ts';
import { renderMapSvg } from './render.ts';

describe('tools/map/build.ts for 2WW', () => {
  const first = JSON.stringify(buildMap(config2ww).map) + '\n';

  it('is deterministic: two builds give byte-identical output', () => {
    const second = JSON.stringify(buildMap(config2ww).map) + '\n';
    expect(second === first).toBe(true);
  });

  it('the committed map.json is exactly the build output (no hand edits of generated data)', () => {
    const committed = readFileSync(join(REPO_ROOT, config2ww.outFile), 'utf8');
    expect(committed === first, 'map.json is stale or hand-edited: run npx tsx tools/map/build.ts 2ww').toBe(true);
  });

  it('renders an SVG with real coasts, the hex ids and the named cities', () => {
    const svg = renderMapSvg(JSON.parse(first));
    expect(svg.startsWith('<svg')).toBe(true);
    for (const s of ['>2214<', '>Moscow<', '>Gibraltar<', '>Alexandria<', '>Atlantic']) expect(svg).toContain(s);
  });
});
