import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useState, type ReactNode } from "react";

/**
 * A list staff reorder by drag and drop with the mouse, a finger, or the keyboard (Space to pick up, arrows to
 * move, Space to drop, Escape to cancel), with every step announced to screen readers in plain English. The
 * new order shows at once and `onReorder` saves it. Used for listing photos and the featured and home orders.
 */
export type SortableItem = { id: string };

type SortableListProps<T extends SortableItem> = {
  items: T[];
  /** How announcements and the handle's label name an item. */
  nameOf: (item: T) => string;
  onReorder: (items: T[]) => void;
  renderItem: (item: T, parts: { handle: ReactNode; position: number; count: number; dragging: boolean }) => ReactNode;
  layout?: "grid" | "list";
  label: string;
  className?: string;
  itemClassName?: string;
  /**
   * False when the caller saves the new order and says so itself once the server has answered (a live region of
   * its own): the drop is then announced without claiming the order is saved.
   */
  announceSaveOnDrop?: boolean;
};

export function SortableList<T extends SortableItem>({
  items,
  nameOf,
  onReorder,
  renderItem,
  layout = "list",
  label,
  className = "",
  itemClassName = "",
  announceSaveOnDrop = true,
}: SortableListProps<T>) {
  // Local order for instant feedback; replaced whenever new items arrive from the server.
  const [order, setOrder] = useState(items);
  const [shown, setShown] = useState(items);
  if (items !== shown) {
    setShown(items);
    setOrder(items);
  }
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => {
    const item = order.find((entry) => entry.id === id);
    return item ? nameOf(item) : "item";
  };
  const position = (id: UniqueIdentifier) => order.findIndex((entry) => entry.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is in position ${position(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} was moved into position ${position(over.id)} of ${order.length}.` : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${position(over.id)} of ${order.length}.${announceSaveOnDrop ? " The new order is saved." : ""}`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${name(active.id)} stays in position ${position(active.id)} of ${order.length}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(
      order,
      order.findIndex((item) => item.id === active.id),
      order.findIndex((item) => item.id === over.id),
    );
    setOrder(next);
    onReorder(next);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To pick up an item, press Space or Enter. Use the arrow keys to move it, press Space or Enter to drop it in its new place, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={order.map((item) => item.id)} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul aria-label={label} className={className}>
          {order.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              label={`Reorder ${nameOf(item)}, position ${index + 1} of ${order.length}`}
              className={itemClassName}
            >
              {(handle, dragging) => renderItem(item, { handle, position: index + 1, count: order.length, dragging })}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: (handle: ReactNode, dragging: boolean) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      className="cursor-grab touch-none p-2 text-stone transition-colors hover:text-forest-900 focus-visible:outline-2 focus-visible:outline-gold-500 active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="h-4 w-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${className} ${isDragging ? "relative z-10 shadow-xl ring-1 ring-gold-400" : ""}`}
    >
      {children(handle, isDragging)}
    </li>
  );
}
