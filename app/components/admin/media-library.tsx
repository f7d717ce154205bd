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
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { LayoutGrid, List } from "lucide-react";
import { SearchInput } from "#app/components/ui/search-input";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { MediaView } from "#app/domain/media";
import { MediaLibraryItem, type LibraryView } from "./media-library-item";

const SEARCH_DEBOUNCE_MS = 300;

function useDebouncedSearchParam(name: string) {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(params.get(name) ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function update(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next.trim()) copy.set(name, next.trim());
          else copy.delete(name);
          return copy;
        },
        // Typing must not stack history entries.
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  }
  return [value, update] as const;
}

/**
 * Media Library: search by name, folder filter, grid/list view, delete, and drag to reorder by mouse,
 * touch or keyboard. A new order shows at once and is saved on the server.
 */
export function MediaLibrary({ items, folders, view }: { items: MediaView[]; folders: string[]; view: LibraryView }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useDebouncedSearchParam("q");
  const folder = params.get("folder") ?? "";
  const reorder = useFetcher({ key: "media-reorder" });

  // Local order for instant feedback; replaced whenever the server sends the list again.
  const [order, setOrder] = useState(items);
  const [shownItems, setShownItems] = useState(items);
  if (items !== shownItems) {
    setShownItems(items);
    setOrder(items);
  }

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => order.find((item) => item.id === id)?.name ?? "item";
  const positionOf = (id: UniqueIdentifier) => order.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. It is in position ${positionOf(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was moved into position ${positionOf(over.id)} of ${order.length}.`
        : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped at position ${positionOf(over.id)} of ${order.length}. The new order is saved.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${nameOf(active.id)} stays in position ${positionOf(active.id)} of ${order.length}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((item) => item.id === active.id);
    const to = order.findIndex((item) => item.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    void reorder.submit({ intent: "reorder", ids: JSON.stringify(next.map((item) => item.id)) }, { method: "post" });
  }

  function setParam(name: string, value: string) {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (value) copy.set(name, value);
        else copy.delete(name);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const filtered = Boolean(params.get("q") || folder);
  return (
    <section aria-labelledby="library-heading" className="border border-linen bg-white/70 p-6 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="library-heading" className="font-display text-2xl text-forest-900">
          Media Library
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            label="Search media"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search media..."
            className="w-full sm:w-60"
            inputClassName="h-10 border-linen bg-white"
          />
          <label className="block">
            <span className="sr-only">Folder</span>
            <select
              value={folder}
              onChange={(event) => setParam("folder", event.target.value)}
              className="border border-linen bg-white px-3 py-2 text-sm focus:border-gold-500 focus:outline-none"
            >
              <option value="">All Files</option>
              {folders.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <div role="group" aria-label="Layout" className="flex border border-linen">
            {(
              [
                ["grid", "Grid view", LayoutGrid],
                ["list", "List view", List],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                aria-label={label}
                onClick={() => setParam("view", value === "grid" ? "" : value)}
                className={`p-2 transition-colors ${view === value ? "bg-forest-900 text-ivory" : "bg-white text-stone hover:text-forest-900"}`}
              >
                <Icon aria-hidden className="h-4 w-4" />
              </button>
            ))}
          </div>
        </div>
      </div>

      {order.length === 0 ? (
        <p className="mt-10 border border-dashed border-linen px-6 py-14 text-center text-sm text-stone">
          {filtered ? "No media matches your search." : "No media yet. Upload your first files above."}
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                "To pick up a media item, press Space or Enter. Use the arrow keys to move it, press Space or Enter to drop it in its new place, or Escape to cancel.",
            },
          }}
        >
          <SortableContext items={order.map((item) => item.id)} strategy={view === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
            <ul
              aria-label="Media files"
              className={
                view === "grid" ? "mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" : "mt-8 divide-y divide-linen border border-linen"
              }
            >
              {order.map((item, index) => (
                <MediaLibraryItem key={item.id} item={item} view={view} position={index + 1} count={order.length} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
