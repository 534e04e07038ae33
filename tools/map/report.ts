// Markdown tables for docs/data/<ruleset>-map.md:  npx tsx tools/map/report.ts 2ww
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getMapConfig, REPO_ROOT } from './configs.ts';
import type { Residual } from './fit.ts';

export function residualTable(residuals: Residual[]): string {
  const fitted = residuals.filter((r) => !r.checkOnly);
  const d = fitted.map((r) => r.distance).sort((a, b) => a - b);
  const median = d.length % 2 ? d[(d.length - 1) / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
  const worst = fitted.reduce((w, r) => (r.distance > w.distance ? r : w), fitted[0]);
  const lines = [
    '| Hex | Place | Fitted hex (before warp) | Hex steps | Distance (hex widths) | Used in fit |',
    '|---|---|---|---|---|---|',
    ...residuals.map((r) => `| ${r.hex} | ${r.name} | ${r.fittedHex} | ${r.hexSteps} | ${r.distance.toFixed(2)} | ${r.checkOnly ? 'no (check only)' : 'yes'} |`),
    '',
    `Median over the ${fitted.length} fitted points: ${median.toFixed(2)} hex widths; worst: ${worst.name} (${worst.hex}) ${worst.distance.toFixed(2)}.`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = await getMapConfig(process.argv[2] ?? '2ww');
  const map = JSON.parse(readFileSync(resolve(REPO_ROOT, config.outFile), 'utf8'));
  console.log(residualTable(map.projection.residuals));
  console.log(`\nprojection: ${JSON.stringify({ parallels: map.projection.parallels, offset: map.grid.offset, rms: map.projection.rms, rmsByOffset: map.projection.rmsByOffset })}`);
}
