import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMap } from './render.ts';

describe('tools/map/render.ts', () => {
  it('renderMap writes a PNG and an SVG of the 2WW map', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theater-map-'));
    try {
      await renderMap('2ww', join(dir, 'map.png'));
      const png = readFileSync(join(dir, 'map.png'));
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.length).toBeGreaterThan(100_000);
      await renderMap('2ww', join(dir, 'map.svg'), { crop: [0, 0, 400, 300] });
      const svg = readFileSync(join(dir, 'map.svg'), 'utf8');
      expect(svg).toContain('viewBox="0 0 400 300"');
      expect(svg).toContain('>Leningrad<');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders the two-sheet ETO map with prefixed ids, the E sheet turned half round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theater-map-'));
    try {
      await renderMap('eto', join(dir, 'eto.svg'));
      const svg = readFileSync(join(dir, 'eto.svg'), 'utf8');
      expect(svg).toContain('>E1924<');
      expect(svg).toContain('>W3533<');
      expect(svg).toContain('>Moscow<');
      expect(svg).toContain('>North Sea<');
      await renderMap('eto', join(dir, 'eto.png'), { width: 800 });
      expect([...readFileSync(join(dir, 'eto.png')).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the rule set it cannot find', async () => {
    await expect(renderMap('nope', '/tmp/none.png')).rejects.toThrow(/no map config for rule set "nope" \(src\/rulesets\/nope\/map.config.ts\); known: (.*, )?2ww, (.*, )?eto/);
  });
});
