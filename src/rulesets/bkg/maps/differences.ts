// The links of the rules (data/map.json) that the drawing from geography does not give, and the borders it draws that
// the rules do not have: rulings 52 (docs/rulings/bkg.md). maps/boards.test.ts checks every such entry names it.
import type { LinkDef, Source } from '../../../../tools/map/config-types.ts';

export const RULING = 'bkg ruling 52';

/** A link of the rules that halfway lines between labels do not draw (the printed map's line is not at hand). */
export const rules = (a: string, b: string, kind: string, src: string): LinkDef => ({
  a, b, kind, source: { reconstructed: `${RULING}: the rules join ${a} and ${b} (data/map.json, source ${src}); the drawing from geography does not make them touch` },
});

/** A link the drawing gives with another kind than the rules' (a strait, a canal, a lake). */
export const kindOf = (a: string, b: string, kind: string, src: string): LinkDef => ({
  a, b, kind, source: { reconstructed: `${RULING}: ${a}-${b} is a ${kind} link in the rules (data/map.json, source ${src})` },
});

/** Two areas that touch in the drawing but are not linked in the rules. */
export const drawnOnly = (a: string, b: string): { a: string; b: string; source: Source } => ({
  a, b, source: { reconstructed: `${RULING}: ${a} and ${b} touch in the drawing from geography, not on the rules' map (data/map.json has no such link)` },
});
