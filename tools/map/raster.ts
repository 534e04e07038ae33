// A plain raster over the map plane (map units: hex centre-to-vertex = 1) and an even-odd scanline polygon fill.

export type Ring = [number, number][];

export class Raster {
  readonly data: Int16Array;
  constructor(
    readonly x0: number,
    readonly y0: number,
    readonly width: number,
    readonly height: number,
    /** Pixels per map unit. */
    readonly res: number,
    fill = 0,
  ) {
    this.data = new Int16Array(width * height).fill(fill);
  }

  static like(r: Raster, fill = 0): Raster {
    return new Raster(r.x0, r.y0, r.width, r.height, r.res, fill);
  }

  /** Value at map point (x,y); `outside` beyond the raster. */
  at(x: number, y: number, outside = 0): number {
    const i = Math.floor((x - this.x0) * this.res);
    const j = Math.floor((y - this.y0) * this.res);
    if (i < 0 || j < 0 || i >= this.width || j >= this.height) return outside;
    return this.data[j * this.width + i];
  }

  /**
   * Paints `value` into every pixel whose centre is inside the polygon (even-odd over all rings).
   * `where`, if given, limits painting to pixels whose value in `mask` is one of its values.
   */
  fillPolygon(rings: Ring[], value: number, where?: { mask: Raster; values: Set<number> }): void {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const ring of rings) for (const [, y] of ring) {
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const j0 = Math.max(0, Math.floor((minY - this.y0) * this.res));
    const j1 = Math.min(this.height - 1, Math.ceil((maxY - this.y0) * this.res));
    const xs: number[] = [];
    for (let j = j0; j <= j1; j++) {
      const y = this.y0 + (j + 0.5) / this.res;
      xs.length = 0;
      for (const ring of rings) {
        for (let k = 0, n = ring.length; k < n; k++) {
          const [ax, ay] = ring[k];
          const [bx, by] = ring[(k + 1) % n];
          if (ay > y !== by > y) xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const i0 = Math.max(0, Math.ceil((xs[k] - this.x0) * this.res - 0.5));
        const i1 = Math.min(this.width - 1, Math.floor((xs[k + 1] - this.x0) * this.res - 0.5));
        for (let i = i0; i <= i1; i++) {
          const idx = j * this.width + i;
          if (where && !where.values.has(where.mask.data[idx])) continue;
          this.data[idx] = value;
        }
      }
    }
  }
}

/** Point-in-polygon, even-odd over rings. */
export function insideRings(rings: Ring[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let k = 0, n = ring.length, m = n - 1; k < n; m = k++) {
      const [ax, ay] = ring[k];
      const [bx, by] = ring[m];
      if (ay > y !== by > y && x < ax + ((y - ay) / (by - ay)) * (bx - ax)) inside = !inside;
    }
  }
  return inside;
}

/** True when segments p1-p2 and q1-q2 cross (touching counts). */
export function segmentsCross(p1: [number, number], p2: [number, number], q1: [number, number], q2: [number, number]): boolean {
  const o = (a: [number, number], b: [number, number], c: [number, number]): number =>
    Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const d1 = o(q1, q2, p1);
  const d2 = o(q1, q2, p2);
  const d3 = o(p1, p2, q1);
  const d4 = o(p1, p2, q2);
  return d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0);
}
