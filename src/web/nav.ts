// Path routing: "/", "/play/:token", "/replay/:gameId?seat=&at=". The server serves index.html for these paths.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api.ts';
import { EMPTY_BOARD, windowAssets, type Assets, type BoardView } from './map/board-model.ts';
import { buildGeometry, type MapGeometry } from './map/geometry.ts';
import type { SeatView } from '../server/protocol.ts';

export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function useLocation(): string {
  const [loc, setLoc] = useState(location.pathname + location.search);
  useEffect(() => {
    const on = () => setLoc(location.pathname + location.search);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return loc;
}

/** A rule set's assets as the screens use them: typed (src/engine/board.ts AssetsSchema), with the map geometry. */
export interface LoadedAssets {
  assets: Assets;
  geo: MapGeometry | null;
}

/** A rule set without assets (the kernel's test game) answers {}: no board, no counters. */
interface Fetched { assets: Assets }

const cache = new Map<string, Promise<Fetched>>();
const windowed = new Map<string, Promise<LoadedAssets>>();

/** A rule set's assets, fetched once per page (a prefetch before the scenario is known). */
export function fetchAssets(ruleset: string): Promise<Fetched> {
  let p = cache.get(ruleset);
  if (!p) {
    p = api.assets(ruleset).then((raw) => {
      const a = raw as unknown as Partial<Assets> | null;
      return { assets: { ...a, board: a?.board ?? {} } };
    });
    p.catch(() => cache.delete(ruleset));
    cache.set(ruleset, p);
  }
  return p;
}

/**
 * A rule set's assets with its map geometry, fetched once per page; with a scenario, the board is that scenario's
 * window of it (`board.windows`), its geometry built once per scenario.
 */
export function loadAssets(ruleset: string, scenario?: string): Promise<LoadedAssets> {
  const p = fetchAssets(ruleset);
  const key = `${ruleset}\u0000${scenario ?? ''}`;
  let w = windowed.get(key);
  if (!w) {
    w = p.then((all) => {
      const assets = windowAssets(all.assets, scenario);
      return { assets, geo: buildGeometry(assets.board) };
    });
    w.catch(() => windowed.delete(key));
    windowed.set(key, w);
  }
  return w;
}

/** What the board shows a seat: the kernel's `SeatView.board` (empty for a rule set without a board). */
export function boardOf(view: SeatView | null | undefined): BoardView {
  return view?.board ?? EMPTY_BOARD;
}
