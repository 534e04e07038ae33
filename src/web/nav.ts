// Path routing: "/", "/play/:token", "/replay/:gameId?seat=&at=". The server serves index.html for these paths.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api.ts';
import { readAssets, type BoardAssets } from './map/board-data.ts';
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

const cache = new Map<string, Promise<LoadedAssets>>();

/** A rule set's assets with its map geometry, fetched once per page. */
export function loadAssets(ruleset: string): Promise<LoadedAssets> {
  let p = cache.get(ruleset);
  if (!p) {
    p = api.assets(ruleset).then((raw) => {
      const assets = readAssets(raw);
      return { assets, geo: assets.map ? buildGeometry(assets.map) : null };
    });
    p.catch(() => cache.delete(ruleset));
    cache.set(ruleset, p);
  }
  return p;
}
