/**
 * Drawing helpers for the seed's rendered photos. Objects are drawn in their own
 * units with the floor at y = 0 and height upwards (SVG y = -height), the front
 * at z = 0 and depth going back; an oblique projection shows the top and the
 * right side, as a camera a little above and to the left sees them.
 */
export type Point = readonly [number, number];

const DEPTH_X = 0.42;
const DEPTH_Y = 0.28;

/** Where a point of the object (x across, y up, z back) lands on the picture. */
export const at = (x: number, y: number, z = 0): Point => [x + DEPTH_X * z, -y - DEPTH_Y * z];

const n = (value: number) => (Math.round(value * 10) / 10).toString();
const points = (list: readonly Point[]) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

export const polygon = (list: readonly Point[], fill: string, extra = '') =>
  `<polygon points="${points(list)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const line = (a: Point, b: Point, stroke: string, width: number, extra = '') =>
  `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round"${extra ? ` ${extra}` : ''}/>`;

/** Fills for the three faces a box shows, lit from the upper left. */
export interface Faces {
  front: string;
  top: string;
  side: string;
  /** Laid over the front and top (wood grain, weave), if any. */
  texture?: string | null;
  /** The lit edge between the top and the front. */
  edge?: string;
}

/** A box: left x, bottom y, front z; width, height, depth. Draws side, top, then front. */
export function box(
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  d: number,
  faces: Faces,
): string {
  const front = [at(x, y, z), at(x + w, y, z), at(x + w, y + h, z), at(x, y + h, z)];
  const top = [at(x, y + h, z), at(x + w, y + h, z), at(x + w, y + h, z + d), at(x, y + h, z + d)];
  const side = [at(x + w, y, z), at(x + w, y, z + d), at(x + w, y + h, z + d), at(x + w, y + h, z)];
  const texture = faces.texture ? polygon(top, faces.texture) + polygon(front, faces.texture) : '';
  const edge =
    faces.edge && w > 4 && h > 2
      ? line(
          at(x, y + h, z),
          at(x + w, y + h, z),
          faces.edge,
          Math.min(0.5, h * 0.2),
          'stroke-opacity="0.6"',
        )
      : '';
  return (
    polygon(side, faces.side) +
    polygon(top, faces.top) +
    polygon(front, faces.front) +
    texture +
    edge
  );
}

/** A flat panel on a box's front (a door, a drawer front): a slightly raised rectangle. */
export function panel(x: number, y: number, z: number, w: number, h: number, faces: Faces): string {
  const inset = Math.min(w, h) * 0.04;
  return (
    polygon([at(x, y, z), at(x + w, y, z), at(x + w, y + h, z), at(x, y + h, z)], faces.side) +
    polygon(
      [
        at(x + inset, y + inset, z),
        at(x + w - inset, y + inset, z),
        at(x + w - inset, y + h - inset, z),
        at(x + inset, y + h - inset, z),
      ],
      faces.front,
    ) +
    (faces.texture
      ? polygon([at(x, y, z), at(x + w, y, z), at(x + w, y + h, z), at(x, y + h, z)], faces.texture)
      : '')
  );
}

/**
 * A solid of revolution seen from the side (a vase, a lamp base, a turned leg):
 * `profile` gives the radius at heights from the bottom up. Cylinder shading
 * across, an elliptical rim on top when `open` or the top radius is not zero.
 */
export function turned(
  cx: number,
  profile: ReadonlyArray<readonly [number, number]>,
  fill: string,
  rim: string | null,
  tilt = 0.18,
): string {
  const right: Point[] = profile.map(([h, r]) => [cx + r, -h]);
  const left: Point[] = [...profile].reverse().map(([h, r]) => [cx - r, -h]);
  const [bottomH, bottomR] = profile[0]!;
  const [topH, topR] = profile.at(-1)!;
  // The outline: a half ellipse at the bottom (the base seen from above), then
  // smooth curves up the right side and down the left.
  const d =
    `M${n(cx - bottomR)},${n(-bottomH)} A${n(bottomR)},${n(bottomR * tilt)} 0 0 0 ${n(cx + bottomR)},${n(-bottomH)} ` +
    `${smooth(right, 'L')} ${smooth(left, 'L')} Z`;
  return path(d, fill) + (rim && topR > 0 ? ellipse(cx, -topH, topR, topR * tilt, rim) : '');
}

/** Points of a smooth curve through the given points (Catmull-Rom as cubic Béziers). */
export function smooth(list: readonly Point[], start: 'M' | 'L' = 'M'): string {
  let d = `${start}${n(list[0]![0])},${n(list[0]![1])}`;
  for (let i = 0; i < list.length - 1; i++) {
    const p0 = list[i - 1] ?? list[i]!;
    const p1 = list[i]!;
    const p2 = list[i + 1]!;
    const p3 = list[i + 2] ?? p2;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

/** An upholstered block: a box with rounded front and back outlines (a cushion, an arm, a back). */
export function softBox(
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  d: number,
  r: number,
  faces: Faces,
): string {
  const [bx, by] = at(x, y + h, z + d);
  const [fx, fy] = at(x, y + h, z);
  const rect = (px: number, py: number, fill: string) =>
    `<rect x="${n(px)}" y="${n(py)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${fill}"/>`;
  const side = polygon(
    [
      at(x + w, y + r, z),
      at(x + w, y + r, z + d),
      at(x + w, y + h - r, z + d),
      at(x + w, y + h - r, z),
    ],
    faces.side,
  );
  const top = polygon(
    [
      at(x + r, y + h, z),
      at(x + w - r, y + h, z),
      at(x + w - r, y + h, z + d),
      at(x + r, y + h, z + d),
    ],
    faces.top,
  );
  return rect(bx, by, faces.side) + side + top + rect(fx, fy, faces.front);
}
