// A counter drawn in SVG: national colour, a pattern band by side, the nation's code, a NATO symbol, factors,
// the reduced side, status marks (Ops Complete...) and how many units a piece stands for. Drawn in a unit square
// centred on (0,0), scaled by the caller.
import { render } from 'preact';
import { memo } from 'preact/compat';
import type { CounterManifest, PieceView } from './board-model.ts';
import { FACE_CHARS, faceDesignation, factorText, markText, pieceFactors, pieceName } from './board-model.ts';

const FALLBACK = ['#8a8f98', '#b48a5a', '#6f8fb0', '#9a7aa0', '#7aa07a', '#b07a7a'];
// Customary wargame colours for common nation codes, used only when the counter manifest gives none.
const CUSTOMARY: Record<string, string> = {
  ge: '#9aa3ab', it: '#b7c68b', fr: '#8fb5e0', gb: '#e3cf8e', su: '#e0907a', us: '#a9c79f', pl: '#d9a7c7', fi: '#c9d7e6',
  hu: '#c2b280', ro: '#d8c170', bg: '#b9a18e', ru: '#d8c170', es: '#e2b66f', tr: '#c8a27a', se: '#a7c3d6', yu: '#b4a6d3',
  gr: '#9ec8d8', be: '#d6c79b', nl: '#f0b27a', pt: '#b9d4a0', ir: '#c4b7a6', iq: '#d0b89a', no: '#c7c1e0', dk: '#e6a0a0',
};

/** Colours and code of a unit's power, with a fallback derived from its name. */
export function powerStyle(counters: CounterManifest | undefined, power: string): { fill: string; text: string; abbr: string } {
  const p = counters?.powers[power];
  if (p) return { fill: p.color, text: p.text ?? '#111', abbr: p.abbr ?? power.slice(0, 3).toUpperCase() };
  let h = 0;
  for (const c of power) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { fill: CUSTOMARY[power] ?? FALLBACK[h % FALLBACK.length]!, text: '#111', abbr: power.slice(0, 3).toUpperCase() };
}

/** The NATO-style symbol of a unit type, in a box 0.56 x 0.34 centred on (0,0). */
export function NatoSymbol({ symbol, color }: { symbol: string; color: string }) {
  const w = 0.56, h = 0.34, x = -w / 2, y = -h / 2;
  const sw = 0.035;
  const box = <rect x={x} y={y} width={w} height={h} fill="none" stroke={color} stroke-width={sw} />;
  const cross = <path d={`M${x},${y}L${x + w},${y + h}M${x + w},${y}L${x},${y + h}`} stroke={color} stroke-width={sw} />;
  const oval = <rect x={x + 0.08} y={y + 0.07} width={w - 0.16} height={h - 0.14} rx={0.1} fill="none" stroke={color} stroke-width={sw} />;
  switch (symbol) {
    case 'infantry':
      return <g class="nato">{box}{cross}</g>;
    case 'armor':
    case 'armour':
    case 'panzer':
      return <g class="nato">{box}{oval}</g>;
    case 'mechanized':
    case 'motorized':
      return <g class="nato">{box}{cross}{oval}</g>;
    case 'airborne':
    case 'paratroop':
    case 'paratroops':
      return <g class="nato">{box}{cross}<path d={`M${x + 0.14},${y + h - 0.02}q0.07,-0.09 0.14,0q0.07,-0.09 0.14,0`} fill="none" stroke={color} stroke-width={sw} /></g>;
    case 'air':
    case 'naval-air':
    case 'strategic-air':
      return (
        <g class="nato">
          {box}
          <path d={`M${x + 0.08},${y + h / 2}c0.05,-0.12 0.15,-0.12 0.2,0c0.05,0.12 0.15,0.12 0.2,0`} fill="none" stroke={color} stroke-width={sw} />
          {symbol === 'strategic-air' && <text x={x + w - 0.06} y={y + h - 0.04} font-size={0.12} text-anchor="end" fill={color}>S</text>}
          {symbol === 'naval-air' && <path d={`M${x + 0.1},${y + h - 0.05}h${w - 0.2}`} stroke={color} stroke-width={sw} />}
        </g>
      );
    case 'fleet':
    case 'ship':
    case 'surface-fleet':
      return <path class="nato" d="M-0.3,0.02L0.3,0.02L0.22,0.13L-0.24,0.13Z M-0.12,0.02V-0.08H0.08V0.02 M-0.02,-0.08V-0.15" fill={color} stroke={color} stroke-width={0.02} />;
    case 'submarine':
    case 'submarine-fleet':
      return <path class="nato" d="M-0.3,0.05Q-0.3,-0.04 -0.15,-0.04H0.22Q0.3,-0.04 0.3,0.05Q0.3,0.12 0.22,0.12H-0.15Q-0.3,0.12 -0.3,0.05Z M-0.02,-0.04V-0.13H0.08V-0.04" fill={color} />;
    case 'fort':
    case 'fortress':
      return <g class="nato">{box}<path d={`M${x},${y + h * 0.65}h0.08v-0.1h0.08v0.1h0.08v-0.1h0.08v0.1h0.08v-0.1h0.08v0.1h0.08`} fill="none" stroke={color} stroke-width={sw} /></g>;
    case 'artillery':
      return <g class="nato">{box}<circle r={0.06} fill={color} /></g>;
    case 'hq':
      return <g class="nato">{box}<path d={`M${x},${y}v${h + 0.12}`} stroke={color} stroke-width={sw} /></g>;
    default:
      return <g class="nato">{box}<text y={0.08} font-size={0.2} text-anchor="middle" fill={color}>{symbol.slice(0, 2).toUpperCase()}</text></g>;
  }
}

export interface CounterProps {
  unit: PieceView;
  counters: CounterManifest | undefined;
  /** Selectable: the prompt has choices for this unit. */
  active?: boolean;
  selected?: boolean;
  /** Ringed by an overlay (out of supply...). */
  marked?: boolean;
}

/** Side-dependent band: Axis hatched, Allies plain, others dotted (readable without colour). */
function SideBand({ side }: { side: string }) {
  const cls = side === 'axis' ? 'band band-axis' : side === 'allies' ? 'band band-allies' : 'band band-other';
  return <rect class={cls} x={-0.5} y={-0.5} width={1} height={0.16} />;
}

export function Counter({ unit, counters, active, selected, marked }: CounterProps) {
  const st = powerStyle(counters, unit.power);
  const type = counters?.types[unit.type];
  const symbol = type?.symbol ?? unit.type;
  const cls = 'counter' + (active ? ' active' : '') + (selected ? ' selected' : '') + (unit.reduced ? ' reduced' : '') + (marked ? ' marked' : '');
  const count = unit.count ?? 1;
  const badge = count > 1 && (
    // At the right edge, level with the symbol: clear of the factors below it (the corner hid their last digit).
    <g class="count-badge" transform="translate(0.42,-0.02)">
      <rect x={-0.18} y={-0.13} width={0.36} height={0.26} rx={0.06} />
      <text y={0.07} font-size={0.19} text-anchor="middle">×{count}</text>
    </g>
  );
  if (unit.hidden) {
    return (
      <g class={cls} data-unit={unit.id}>
        <title>{pieceName(unit, counters)}</title>
        <rect x={-0.5} y={-0.5} width={1} height={1} rx={0.08} fill={st.fill} stroke="#222" stroke-width={0.03} />
        <text y={0.12} font-size={0.36} text-anchor="middle" fill={st.text}>?</text>
        {badge}
      </g>
    );
  }
  const marks = unit.marks ?? [];
  const ops = marks.includes('ops-complete');
  const factors = pieceFactors(unit, counters);
  const light = unit.side === 'axis' ? '#fff' : '#111';
  // The face prints the counter's designation; the view's name may be the unit's longer one (a ship's full name).
  const designation = faceDesignation(counters?.units?.[unit.id]?.name ?? unit.name, type?.name, counters?.powers[unit.power]?.name);
  return (
    <g class={cls} data-unit={unit.id}>
      <title>{`${pieceName(unit, counters)} ${factorText(factors)}${unit.reduced ? ' (reduced)' : ''}${marks.length ? ` — ${marks.map(markText).join(', ')}` : ''}`}</title>
      <rect class="counter-bg" x={-0.5} y={-0.5} width={1} height={1} rx={0.08} fill={st.fill} />
      <SideBand side={unit.side} />
      <text x={-0.44} y={-0.37} font-size={0.14} font-weight="bold" fill={light} class="abbr">{st.abbr}</text>
      {designation && (
        <text x={0.44} y={-0.37} font-size={0.14} text-anchor="end" fill={light}
          {...(designation.length > FACE_CHARS ? { textLength: 0.62, lengthAdjust: 'spacingAndGlyphs' } : {})}>{designation}</text>
      )}
      <g transform="translate(0,-0.02)"><NatoSymbol symbol={symbol} color={st.text} /></g>
      <text y={0.4} font-size={0.26} font-weight="bold" text-anchor="middle" fill={st.text} class="factors"
        {...(factorText(factors).length > FACTOR_CHARS ? { textLength: 0.9, lengthAdjust: 'spacingAndGlyphs' } : {})}>{factorText(factors)}</text>
      {unit.reduced && <path class="reduced-mark" d="M0.5,0.18L0.5,0.5L0.18,0.5Z" />}
      {ops && (
        <g class="ops-marker">
          <rect x={-0.52} y={0.08} width={0.5} height={0.24} rx={0.04} />
          <text x={-0.27} y={0.25} font-size={0.15} text-anchor="middle">OPS</text>
        </g>
      )}
      {marks.includes('out-of-supply') && <text class="oos-mark" x={0.44} y={0.12} font-size={0.2} text-anchor="end">⊘</text>}
      {badge}
      <rect class="counter-edge" x={-0.5} y={-0.5} width={1} height={1} rx={0.08} />
    </g>
  );
}

/** Factors longer than this ("4-12-39", a ship's three ratings) are squeezed to the counter's width. */
const FACTOR_CHARS = 5;

/** Whether two views of a piece print the same counter: the same fields, lists (factors, marks) item by item. */
export function samePiece(a: PieceView, b: PieceView): boolean {
  if (a === b) return true;
  const ka = Object.keys(a) as (keyof PieceView)[];
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => {
    const x = a[k], y = b[k];
    return x === y || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]));
  });
}

/** Whether a counter's props draw the same counter. */
function sameCounter(a: CounterProps & { size?: number }, b: CounterProps & { size?: number }): boolean {
  return a.counters === b.counters && a.active === b.active && a.selected === b.selected && a.marked === b.marked
    && a.size === b.size && samePiece(a.unit, b.unit);
}

/**
 * A counter on the map: drawn again only when the piece's view or its marks (active, selected, ringed) change, so a
 * new state leaves the counters it did not change untouched (each state brings new piece objects).
 */
export const MapCounter = memo(Counter, sameCounter);

/** A counter as a small standalone SVG (panels, dialogs); like MapCounter, drawn again only when it changes. */
export const CounterIcon = memo(function CounterIcon(props: CounterProps & { size?: number }) {
  const s = props.size ?? 44;
  return (
    <svg class="counter-icon" width={s} height={s} viewBox="-0.55 -0.55 1.1 1.1" role="img" aria-label={pieceName(props.unit, props.counters)}>
      <defs><Patterns /></defs>
      <Counter {...props} />
    </svg>
  );
}, sameCounter);

// The page's counter rules (styles.css), carried inside a counter drawn as an image.
const IMAGE_CSS = `.counter text{font-family:system-ui,sans-serif}.counter-edge{fill:none;stroke:#1a1a1a;stroke-width:.03}
.band-axis{fill:url(#hatch-axis)}.band-allies{fill:#1f4f36}.band-other{fill:url(#dots-other)}.reduced-mark{fill:#fff;stroke:#111;stroke-width:.02}
.ops-marker rect{fill:#111}.ops-marker text{fill:#fff;font-weight:700}.count-badge rect{fill:#111;stroke:#fff;stroke-width:.03}
.count-badge text{fill:#fff;font-weight:700}.oos-mark{fill:#d55e00;font-weight:700}`;
const images = new Map<string, string>();

/** A counter's picture as an SVG data URL, drawn once per look (the piece's fields and its manifest entry). */
function counterUrl(unit: PieceView, counters: CounterManifest | undefined): string {
  const key = JSON.stringify([unit, counters?.powers[unit.power], counters?.types[unit.type]]);
  let url = images.get(key);
  if (!url) {
    const host = document.createElement('div');
    render(
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.55 -0.55 1.1 1.1" width="110" height="110">
        <style>{IMAGE_CSS}</style><defs><Patterns /></defs><Counter unit={unit} counters={counters} />
      </svg>, host);
    url = `data:image/svg+xml,${encodeURIComponent(host.innerHTML)}`;
    render(null, host);
    if (images.size > 2000) images.clear();
    images.set(key, url);
  }
  return url;
}

/**
 * A counter as an image, for text that names its units (choices, groups): it adds nothing to the text a reader or a
 * search sees; the name is its tooltip.
 */
export function CounterImage({ unit, counters, size = 26 }: { unit: PieceView; counters: CounterManifest | undefined; size?: number }) {
  return <img class="counter-icon" src={counterUrl(unit, counters)} width={size} height={size} alt="" title={pieceName(unit, counters)} />;
}

/** Pattern fills used by counters (defined once per SVG). */
export function Patterns() {
  return (
    <>
      <pattern id="hatch-axis" width="0.08" height="0.08" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="0.08" height="0.08" fill="#222" />
        <rect width="0.035" height="0.08" fill="#666" />
      </pattern>
      <pattern id="dots-other" width="0.08" height="0.08" patternUnits="userSpaceOnUse">
        <rect width="0.08" height="0.08" fill="#ddd" />
        <circle cx="0.04" cy="0.04" r="0.015" fill="#333" />
      </pattern>
    </>
  );
}
