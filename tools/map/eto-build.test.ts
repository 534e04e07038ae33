import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBoard, type SheetSpec } from '../../src/board/index.ts';
import sheetsJson from '../../src/rulesets/eto/data/map-sheets.json' with { type: 'json' };
import configEto from '../../src/rulesets/eto/map.config.ts';
import { REPO_ROOT } from './configs.ts';
import { buildEtoMap, placements, toBoard } from './eto-build.ts';
import { hexCentre, type ColumnOffset } from './hex.ts';

describe('tools/map/eto-build.ts', () => {
  it('places both sheets exactly where src/board puts them (join anchor E3032 onto W3235, half turn)', () => {
    const specs = sheetsJson.sheets.map(({ provenance: _p, ...s }) => s as SheetSpec);
    const board = buildBoard({ sheets: specs });
    const places = placements(sheetsJson.sheets as never);
    for (const [i, s] of sheetsJson.sheets.entries()) {
      for (const [c, r] of [[s.cols[0], s.rows[0]], [s.cols[1], s.rows[1]], [30, 32], [19, 24]]) {
        const id = s.prefix + String(c).padStart(2, '0') + String(r).padStart(2, '0');
        const [x, y] = toBoard(places[i], hexCentre(c, r, s.offset as ColumnOffset));
        const [bx, by] = board.centre(board.index(id));
        expect(Math.hypot(x - bx, y - by), id).toBeLessThan(1e-9);
      }
    }
  });

  it('is deterministic and data/map.json is up to date (npx tsx tools/map/build.ts eto)', () => {
    const { map, fit } = buildEtoMap(configEto);
    expect(JSON.stringify(map) + '\n').toBe(readFileSync(join(REPO_ROOT, 'src/rulesets/eto/data/map.json'), 'utf8'));
    expect(new Set(fit.residuals.map((r) => r.hex[0]))).toEqual(new Set(['W', 'E']));
  }, 180_000);
});
