import { type Finish, type Look, lookOf } from './looks.js';

/** How an object meets the room: stands on the floor, hangs on the wall or from the ceiling, lies flat. */
export type Mount = 'floor' | 'wall' | 'hanging' | 'flat';

/** An object drawn in its own units: the floor at y = 0, up is negative SVG y. */
export interface Drawing {
  svg: string;
  /** Its extent in those units (top is negative: above the floor). */
  box: { left: number; right: number; top: number; bottom: number };
  mount: Mount;
}

/** Collects the gradients a drawing uses, each under a name of its own. */
export class Canvas {
  private readonly defs: string[] = [];
  private next = 0;

  /** The fills of a finish, its gradients added to the picture's definitions. */
  look(finish: Finish): Look {
    const { defs, look } = lookOf(`m${this.next++}`, finish);
    this.defs.push(defs);
    return look;
  }

  /** Any other definition (a pattern, a gradient) under a fresh id; returns the id. */
  define(make: (id: string) => string): string {
    const id = `d${this.next++}`;
    this.defs.push(make(id));
    return id;
  }

  definitions(): string {
    return this.defs.join('');
  }
}

/** What draws one kind of object: the canvas, the object's finish, and a variant number for its form. */
export type Drawer = (canvas: Canvas, finish: Finish, variant: number) => Drawing;

/** The extent of a drawing from its parts' corners. */
export function extent(left: number, right: number, top: number, bottom = 0): Drawing['box'] {
  return { left, right, top, bottom };
}
