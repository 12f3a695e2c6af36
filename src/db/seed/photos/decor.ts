import { type Canvas, type Drawer, extent } from './canvas.js';
import { at, box, ellipse, line, path, polygon } from './shapes.js';

// Mirrors, clocks, pictures, in centimetres.

/** Mirror glass: a pale reflection of the room with a diagonal sheen. */
function glass(canvas: Canvas): string {
  const id = canvas.define(
    (gid) => `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#dfe5e6"/><stop offset="0.38" stop-color="#b7c2c5"/><stop offset="0.45" stop-color="#eef2f2"/>
      <stop offset="0.52" stop-color="#aab5b8"/><stop offset="1" stop-color="#7f8b8f"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** A wall mirror: round, rectangular with a bevel, arched, or a sunburst. */
export const mirror: Drawer = (canvas, finish, variant) => {
  const frame = canvas.look(finish);
  const pane = glass(canvas);
  const style = variant % 4;
  if (style === 0 || style === 3) {
    const parts: string[] = [];
    if (style === 3) {
      for (let i = 0; i < 24; i++) {
        const a = (Math.PI * 2 * i) / 24;
        const long = i % 2 ? 44 : 52;
        parts.push(
          line(
            [Math.cos(a) * 22, -40 + Math.sin(a) * 22],
            [Math.cos(a) * long, -40 + Math.sin(a) * long],
            frame.base,
            2.4,
          ),
        );
      }
    }
    parts.push(
      ellipse(0, -40, 26, 26, frame.round),
      ellipse(0, -40, 21, 21, frame.dark),
      ellipse(0, -40, 20, 20, pane),
    );
    const r = style === 3 ? 52 : 26;
    return { svg: parts.join(''), box: extent(-r, r, -40 - r, -40 + r), mount: 'wall' };
  }
  const w = 60;
  const h = style === 2 ? 90 : 80;
  const outline = (inset: number) =>
    style === 2
      ? `M${-w / 2 + inset},${-inset} V${-h + w / 2} A${w / 2 - inset},${w / 2 - inset} 0 0 1 ${w / 2 - inset},${-h + w / 2} V${-inset} Z`
      : `M${-w / 2 + inset},${-inset} V${-h + inset} H${w / 2 - inset} V${-inset} Z`;
  return {
    svg: path(outline(0), frame.round) + path(outline(5), frame.dark) + path(outline(6), pane),
    box: extent(-w / 2, w / 2, -h, 0),
    mount: 'wall',
  };
};

/** A tall mirror leaning against the wall. */
export const floorMirror: Drawer = (canvas, finish) => {
  const frame = canvas.look(finish);
  const pane = glass(canvas);
  const rect = (inset: number, fill: string) =>
    polygon(
      [
        [-25 + inset, -inset],
        [25 - inset, -inset],
        [35 - inset, -170 + inset],
        [-15 + inset, -170 + inset],
      ],
      fill,
    );
  return {
    svg: rect(0, frame.round) + rect(4, frame.dark) + rect(5, pane),
    box: extent(-28, 38, -172),
    mount: 'floor',
  };
};

/** A dressing-table mirror swinging between two posts on a small box of drawers. */
export const vanityMirror: Drawer = (canvas, finish) => {
  const wood = canvas.look(finish);
  const pane = glass(canvas);
  return {
    svg:
      box(-4, 0, 0, 48, 10, 20, wood.faces) +
      box(-1, 10, 8, 3, 36, 3, wood.faces) +
      box(38, 10, 8, 3, 36, 3, wood.faces) +
      ellipse(at(20, 30, 9)[0], at(20, 30, 9)[1], 17, 21, wood.round) +
      ellipse(at(20, 30, 9)[0], at(20, 30, 9)[1], 15, 19, pane),
    box: extent(-6, 54, -58),
    mount: 'floor',
  };
};

/** A clock face: hour marks and two hands at ten past ten. */
function face(cx: number, cy: number, r: number, dark: string): string {
  const parts = [ellipse(cx, cy, r, r, '#f6f1e6')];
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    const inner = i % 3 === 0 ? 0.72 : 0.82;
    parts.push(
      line(
        [cx + Math.cos(a) * r * inner, cy + Math.sin(a) * r * inner],
        [cx + Math.cos(a) * r * 0.92, cy + Math.sin(a) * r * 0.92],
        dark,
        r * (i % 3 === 0 ? 0.06 : 0.035),
      ),
    );
  }
  parts.push(
    line([cx, cy], [cx - r * 0.42, cy - r * 0.25], dark, r * 0.07),
    line([cx, cy], [cx + r * 0.55, cy - r * 0.45], dark, r * 0.045),
  );
  parts.push(ellipse(cx, cy, r * 0.05, r * 0.05, dark));
  return parts.join('');
}

/** A wall clock: a round case and bezel around a white face. */
export const wallClock: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  return {
    svg:
      ellipse(0, -30, 30, 30, look.round) +
      ellipse(0, -30, 26, 26, look.dark) +
      face(0, -30, 25, '#1f1d1a'),
    box: extent(-30, 30, -60, 0),
    mount: 'wall',
  };
};

/** A mantel clock: an arched wooden case on small feet. */
export const mantelClock: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  const brass = canvas.look({ colour: '#c9a13b', sheen: 'shiny' });
  const caseD =
    'M-24,-3 V-14 C-24,-20 -16,-22 -12,-26 C-8,-34 8,-34 12,-26 C16,-22 24,-20 24,-14 V-3 Z';
  return {
    svg:
      box(-26, 0, 0, 52, 3, 10, look.faces) +
      path(caseD, look.faces.front) +
      path(caseD, look.texture ?? 'none') +
      ellipse(0, -19, 9.5, 9.5, brass.round) +
      face(0, -19, 8, '#1f1d1a'),
    box: extent(-28, 32, -36),
    mount: 'floor',
  };
};

/** An alarm clock: a round body, twin bells, a hammer, two feet. */
export const alarmClock: Drawer = (canvas, finish) => {
  const look = canvas.look(finish);
  return {
    svg:
      line([-6, -4], [-9, 0], look.dark, 1.6) +
      line([6, -4], [9, 0], look.dark, 1.6) +
      path('M-8,-21 A5,5 0 0 1 -2,-25 Z', look.round) +
      ellipse(-7, -24, 5, 5, look.round) +
      ellipse(7, -24, 5, 5, look.round) +
      line([0, -22], [0, -26], look.dark, 1.2) +
      ellipse(0, -13, 11, 11, look.round) +
      face(0, -13, 9, '#1f1d1a'),
    box: extent(-13, 13, -30),
    mount: 'floor',
  };
};

/** A longcase clock: plinth, trunk with its door, a hood with the dial. */
export const longcaseClock: Drawer = (canvas, finish) => {
  const wood = canvas.look(finish);
  const brass = canvas.look({ colour: '#c9a13b', sheen: 'shiny' });
  const [dx, dy] = at(24, 170, 0);
  return {
    svg:
      box(0, 0, 0, 48, 40, 26, wood.faces) +
      box(6, 40, 3, 36, 110, 22, wood.faces) +
      polygon(
        [at(12, 55, 3), at(36, 55, 3), at(36, 140, 3), at(12, 140, 3)],
        wood.dark,
        'fill-opacity="0.35"',
      ) +
      box(2, 150, 1, 44, 42, 25, wood.faces) +
      path(
        `M${at(2, 192, 1)[0]},${at(2, 192, 1)[1]} Q${at(24, 212, 1)[0]},${at(24, 212, 1)[1]} ${at(46, 192, 1)[0]},${at(46, 192, 1)[1]} Z`,
        wood.faces.front,
      ) +
      ellipse(dx, dy, 15, 15, brass.round) +
      face(dx, dy, 13, '#1f1d1a'),
    box: extent(-3, 62, -214),
    mount: 'floor',
  };
};

const SCENES = ['landscape', 'sea', 'stilllife', 'abstract'] as const;

/** A small oil painting, a print in a mount, or a photograph: what a frame holds. */
function picture(canvas: Canvas, kind: (typeof SCENES)[number], w: number, h: number): string {
  const sky = canvas.define(
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb4c4"/><stop offset="1" stop-color="#efe2c6"/></linearGradient>`,
  );
  const x0 = -w / 2;
  const y0 = -h;
  if (kind === 'abstract') {
    return (
      `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="#e9e1d0"/>` +
      `<rect x="${x0 + w * 0.12}" y="${y0 + h * 0.15}" width="${w * 0.45}" height="${h * 0.4}" fill="#b5583f"/>` +
      ellipse(x0 + w * 0.65, y0 + h * 0.62, w * 0.2, w * 0.2, '#2f4858') +
      `<rect x="${x0 + w * 0.2}" y="${y0 + h * 0.7}" width="${w * 0.3}" height="${h * 0.12}" fill="#d4a54a"/>`
    );
  }
  if (kind === 'stilllife') {
    return (
      `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="#3b352c"/>` +
      `<rect x="${x0}" y="${y0 + h * 0.68}" width="${w}" height="${h * 0.32}" fill="#6a5440"/>` +
      ellipse(x0 + w * 0.35, y0 + h * 0.58, w * 0.09, h * 0.14, '#7f97a3') +
      ellipse(x0 + w * 0.58, y0 + h * 0.68, w * 0.08, w * 0.08, '#c0562f') +
      ellipse(x0 + w * 0.72, y0 + h * 0.7, w * 0.07, w * 0.07, '#d9a532')
    );
  }
  const ground = kind === 'sea' ? '#4e7386' : '#6f7f4a';
  return (
    `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="url(#${sky})"/>` +
    (kind === 'sea'
      ? `<rect x="${x0}" y="${y0 + h * 0.6}" width="${w}" height="${h * 0.4}" fill="${ground}"/>` +
        polygon(
          [
            [x0 + w * 0.55, y0 + h * 0.58],
            [x0 + w * 0.62, y0 + h * 0.3],
            [x0 + w * 0.66, y0 + h * 0.58],
          ],
          '#f1ebe0',
        )
      : path(
          `M${x0},${y0 + h * 0.65} C${x0 + w * 0.3},${y0 + h * 0.45} ${x0 + w * 0.55},${y0 + h * 0.7} ${x0 + w},${y0 + h * 0.5} V0 H${x0} Z`,
          ground,
        ) + ellipse(x0 + w * 0.7, y0 + h * 0.48, w * 0.06, h * 0.12, '#3e4a2c'))
  );
}

/** A framed picture on the wall: frame `finish`, the picture by variant, a mount for prints. */
export const framedPicture: Drawer = (canvas, finish, variant) => {
  const frame = canvas.look(finish);
  const w = variant % 2 ? 40 : 56;
  const h = variant % 2 ? 52 : 42;
  const mount = variant % 3 === 1 ? 5 : 0;
  const border = 4;
  return {
    svg:
      `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" fill="${frame.round}"/>` +
      `<rect x="${-w / 2 + border - 0.6}" y="${-h + border - 0.6}" width="${w - 2 * border + 1.2}" height="${h - 2 * border + 1.2}" fill="${frame.dark}"/>` +
      (mount
        ? `<rect x="${-w / 2 + border}" y="${-h + border}" width="${w - 2 * border}" height="${h - 2 * border}" fill="#f4efe4"/>`
        : '') +
      `<g transform="translate(0,${-border - mount})">${picture(canvas, SCENES[variant % SCENES.length]!, w - 2 * (border + mount), h - 2 * (border + mount))}</g>`,
    box: extent(-w / 2, w / 2, -h, 0),
    mount: 'wall',
  };
};
