import { type DragEvent, useState } from 'react';

/**
 * Moving a category by drag and drop (HTML5): drag a row onto another row to put it
 * under that one, or onto the top-level zone. Picking a parent in the row's form does
 * the same by keyboard; the server refuses a cycle either way.
 */
export function useCategoryDrag(move: (id: number, parentId: number | null) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | 'top' | null>(null);

  const source = (id: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(id));
      setDragged(id);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
  });

  const target = (parentId: number | null) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged === null || dragged === parentId) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      setOver(parentId ?? 'top');
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (dragged !== null && dragged !== parentId) move(dragged, parentId);
      setDragged(null);
      setOver(null);
    },
  });

  const isOver = (parentId: number | null) => over === (parentId ?? 'top');
  return { source, target, isOver };
}

export type CategoryDrag = ReturnType<typeof useCategoryDrag>;
