import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Film, GripVertical, Music, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { CONFIRM_BUTTON, ConfirmPopover } from "#app/components/admin/confirm-popover";
import type { MediaView } from "#app/domain/media";
import { formatBytes } from "#app/domain/upload-rules";

export type LibraryView = "grid" | "list";

// Fixed locale and time zone, so the server's HTML and the browser's render agree.
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export function formatMediaDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

function Thumbnail({ item, size }: { item: MediaView; size: "large" | "small" }) {
  const box = size === "large" ? "aspect-[4/3] w-full" : "h-14 w-14 shrink-0";
  if (item.type === "image" && item.thumbnail?.webp) {
    return (
      <div className={`relative overflow-hidden bg-linen ${box}`}>
        {/* The placeholder (a 16 px copy) under the thumbnail while it loads: an image, as the CSP refuses style
            attributes (docs/decisions/0032-no-inline-styles.md); covering from the top left, as the background it replaces. */}
        {item.placeholder ? (
          <img
            aria-hidden="true"
            alt=""
            src={item.placeholder}
            draggable={false}
            className="absolute inset-0 h-full w-full object-cover object-top-left"
          />
        ) : null}
        <picture className="contents">
          {item.thumbnail.avif ? <source type="image/avif" srcSet={item.thumbnail.avif} /> : null}
          <img src={item.thumbnail.webp} alt="" loading="lazy" decoding="async" draggable={false} className="relative h-full w-full object-cover" />
        </picture>
      </div>
    );
  }
  const Icon = item.type === "video" ? Film : Music;
  return (
    <div className={`flex items-center justify-center bg-forest-900 text-gold-300 ${box}`}>
      <Icon aria-hidden className={size === "large" ? "h-10 w-10" : "h-6 w-6"} strokeWidth={1.25} />
      <span className="sr-only">{item.type === "video" ? "Video" : "Audio"}</span>
    </div>
  );
}

function DeleteButton({ item }: { item: MediaView }) {
  const fetcher = useFetcher({ key: `media-delete-${item.id}` });
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmPopover
      label={`Delete ${item.name}`}
      trigger={<Trash2 aria-hidden className="h-4 w-4" />}
      triggerClassName="p-2 text-stone transition-colors hover:text-red-700 disabled:opacity-40"
      disabled={busy}
      question={`Delete ${item.name}?\n\nThis cannot be undone.`}
    >
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" className={CONFIRM_BUTTON}>
          Delete
        </button>
      </fetcher.Form>
    </ConfirmPopover>
  );
}

/** One library item; drag it by its handle (mouse, touch, or keyboard: Space, arrows, Space). */
export function MediaLibraryItem({ item, view, position, count }: { item: MediaView; view: LibraryView; position: number; count: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${item.name}, position ${position} of ${count}`}
      className="cursor-grab touch-none p-2 text-stone transition-colors hover:text-forest-900 focus-visible:outline-2 focus-visible:outline-gold-500 active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="h-4 w-4" />
    </button>
  );
  const details = (
    <div className="min-w-0 flex-1">
      <a href={item.url} target="_blank" rel="noreferrer" className="block truncate text-sm text-ink hover:underline" title={item.name}>
        {item.name}
      </a>
      <p className="mt-1 text-xs text-stone">
        <time dateTime={item.createdAt}>{formatMediaDate(item.createdAt)}</time>
        {view === "list" ? ` · ${formatBytes(item.size)}${item.folder ? ` · ${item.folder}` : ""}` : ""}
      </p>
    </div>
  );

  if (view === "list") {
    return (
      <li
        ref={setNodeRef}
        style={style}
        data-testid="media-item"
        className={`flex items-center gap-4 bg-white px-3 py-3 ${isDragging ? "relative z-10 shadow-lg ring-1 ring-gold-400" : ""}`}
      >
        {handle}
        <Thumbnail item={item} size="small" />
        {details}
        <DeleteButton item={item} />
      </li>
    );
  }
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="media-item"
      className={`relative flex flex-col border border-linen bg-white ${isDragging ? "z-10 shadow-xl ring-1 ring-gold-400" : ""}`}
    >
      <Thumbnail item={item} size="large" />
      {/* Always visible (touch screens have no hover), over the picture's corner. */}
      <div className="absolute top-2 right-2 flex bg-white/90 shadow-sm">
        {handle}
        <DeleteButton item={item} />
      </div>
      <div className="p-3">{details}</div>
    </li>
  );
}
