// Path routing: "/", "/play/:token", "/replay/:gameId?seat=&at=". The server serves index.html for these paths.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api.ts';
import { readAssets, windowAssets, type BoardAssets } from './map/board-data.ts';
import { buildGeometry, type MapGeometry } from './map/geometry.ts';

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

export interface LoadedAssets {
  assets: BoardAssets;
  geo: MapGeometry | null;
}

const cache = new Map<string, Promise<BoardAssets>>();
const windowed = new Map<string, Promise<LoadedAssets>>();

/** A rule set's assets as read, fetched once per page (a prefetch before the scenario is known). */
export function fetchAssets(ruleset: string): Promise<BoardAssets> {
  let p = cache.get(ruleset);
  if (!p) {
    p = api.assets(ruleset).then((raw) => readAssets(raw));
    p.catch(() => cache.delete(ruleset));
    cache.set(ruleset, p);
  }
  return p;
}

/**
 * A rule set's assets with its map geometry, fetched once per page; with a scenario, the map is that scenario's
 * window of it (MapData.windows), its geometry built once per scenario.
 */
export function loadAssets(ruleset: string, scenario?: string): Promise<LoadedAssets> {
  const p = fetchAssets(ruleset);
  const key = `${ruleset}\u0000${scenario ?? ''}`;
  let w = windowed.get(key);
  if (!w) {
    w = p.then((all) => {
      const assets = windowAssets(all, scenario);
      // A map of boxes only (sea areas...) has no hex geometry.
      return { assets, geo: assets.map && Object.keys(assets.map.hexes).length ? buildGeometry(assets.map) : null };
    });
    w.catch(() => windowed.delete(key));
    windowed.set(key, w);
  }
  return w;
}
