import { Star, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { SmartImage } from "#app/components/media/smart-image";
import { CONFIRM_BUTTON, ConfirmPopover } from "#app/components/admin/confirm-popover";
import type { CategoryId } from "#app/domain/category-ids";
import { PHOTO_ACTION_FAILED, type PhotoActionAnswer } from "#app/domain/listing-editor";
import { MAX_ALT_LENGTH, type PhotoView } from "#app/domain/listing-photos";
import { altInputId, altProblem } from "./photo-alt-drafts";

type PhotoCardProps = {
  photo: PhotoView;
  handle: ReactNode;
  position: number;
  count: number;
  title: string;
  theme: CategoryId;
  /** A change of this photo refused without JavaScript (the page came back with it). */
  failure?: Extract<PhotoActionAnswer, { ok: false }>;
  /** The alt text typed here, if any (kept above the card: the listing's main save sends it too). */
  typedAlt?: string;
  onAltTyped: (alt: string) => void;
};

const failed = (answer: PhotoActionAnswer | undefined) => (answer && !answer.ok ? answer.error : null);

/**
 * One photo in the editor: its picture, the drag handle, alt text, "Make cover" and delete, each saved at once.
 * Alt text is saved by its own button or by the listing's "Save changes"; until then the card says it is not saved.
 */
export function PhotoCard({ photo, handle, position, count, title, theme, failure, typedAlt, onAltTyped }: PhotoCardProps) {
  const alt = useFetcher<PhotoActionAnswer>({ key: `photo-alt-${photo.id}` });
  const cover = useFetcher<PhotoActionAnswer>({ key: `photo-cover-${photo.id}` });
  const remove = useFetcher<PhotoActionAnswer>({ key: `photo-delete-${photo.id}` });
  const label = `Photo ${position} of ${count}`;
  const plainAltFailure = failure?.intent === "photo-alt" ? failure : undefined;
  // What the field holds now (typing updates typedAlt).
  const shown = typedAlt ?? plainAltFailure?.alt ?? photo.alt;
  const unsaved = typedAlt !== undefined && typedAlt.trim() !== photo.alt;
  // The text this card's own Save last sent: its refusal stays under the field only while that text is still there.
  const [sent, setSent] = useState<string | null>(null);
  const altError = (sent === shown ? failed(alt.data) : null) ?? plainAltFailure?.error ?? (unsaved ? altProblem(typedAlt) : null);
  const otherError =
    failed(cover.data) !== null
      ? `${PHOTO_ACTION_FAILED["photo-cover"]}: ${failed(cover.data)}`
      : failed(remove.data) !== null
        ? `${PHOTO_ACTION_FAILED["photo-delete"]}: ${failed(remove.data)}`
        : null;
  const remote = !photo.src.startsWith("/media/");

  return (
    <div className={`flex h-full flex-col ${remove.state !== "idle" ? "opacity-50" : ""}`} data-testid="listing-photo">
      <div className="relative">
        <SmartImage
          src={photo}
          alt=""
          width={400}
          height={267}
          sizes="(min-width: 1280px) 260px, (min-width: 640px) 45vw, 90vw"
          theme={theme}
          className="aspect-[3/2] w-full"
        />
        <div className="absolute top-2 right-2 flex bg-white/90 shadow-sm">{handle}</div>
        {position === 1 ? (
          <span className="absolute top-2 left-2 bg-forest-900 px-2 py-0.5 text-[0.65rem] tracking-[0.16em] text-gold-200 uppercase">Cover</span>
        ) : null}
        {remote ? (
          <span
            className="absolute bottom-2 left-2 bg-white/90 px-2 py-0.5 text-[0.65rem] text-stone"
            title="Served from the earlier site until npm run images:import copies it"
          >
            Not imported yet
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <alt.Form method="post" className="space-y-1.5" onSubmit={() => setSent(shown)}>
          <input type="hidden" name="_action" value="photo-alt" />
          <input type="hidden" name="photoId" value={photo.id} />
          <label htmlFor={altInputId(photo.id)} className="block text-[0.68rem] font-medium tracking-[0.14em] text-stone uppercase">
            Alt text of {label.toLowerCase()}
          </label>
          <div className="flex gap-2">
            <input
              id={altInputId(photo.id)}
              name="alt"
              defaultValue={plainAltFailure?.alt ?? photo.alt}
              onChange={(event) => onAltTyped(event.currentTarget.value)}
              maxLength={MAX_ALT_LENGTH}
              placeholder={`${title}, photo ${position} of ${count}`}
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? `alt-${photo.id}-error` : unsaved ? `alt-${photo.id}-note` : undefined}
              className={`min-w-0 flex-1 border bg-white px-2.5 py-1.5 text-sm focus:border-gold-500 focus:outline-none ${altError ? "border-red-600" : "border-ink/15"}`}
            />
            <button
              type="submit"
              className="border border-forest-900/25 px-2.5 text-xs text-forest-900 hover:bg-sand"
              aria-label={`Save alt text of ${label.toLowerCase()}`}
            >
              {alt.state !== "idle" ? "Saving…" : "Save"}
            </button>
          </div>
          {altError ? (
            <p id={`alt-${photo.id}-error`} className="text-xs text-red-700">
              {altError}
            </p>
          ) : unsaved ? (
            <p id={`alt-${photo.id}-note`} className="text-xs text-stone">
              Not saved yet. Save it here or with “Save changes”.
            </p>
          ) : alt.data?.ok ? (
            <p role="status" className="text-xs text-forest-800">
              Alt text saved.
            </p>
          ) : null}
        </alt.Form>
        {otherError ? (
          <p role="alert" className="text-xs text-red-700">
            {otherError}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2">
          {position > 1 ? (
            <cover.Form method="post">
              <input type="hidden" name="_action" value="photo-cover" />
              <input type="hidden" name="photoId" value={photo.id} />
              <button
                type="submit"
                className="inline-flex items-center gap-1.5 text-xs text-forest-900 hover:underline"
                // Starts with the words on the button, so voice control finds it by what it shows (WCAG 2.5.3).
                aria-label={`Make cover: ${label.toLowerCase()}`}
              >
                <Star aria-hidden className="h-3.5 w-3.5" /> Make cover
              </button>
            </cover.Form>
          ) : (
            <span />
          )}
          <ConfirmPopover
            label={`Delete ${label.toLowerCase()}`}
            trigger={<Trash2 aria-hidden className="h-4 w-4" />}
            triggerClassName="p-1.5 text-stone hover:text-red-700"
            question={`Delete ${label.toLowerCase()}?\n\nThis cannot be undone.`}
          >
            <remove.Form method="post">
              <input type="hidden" name="_action" value="photo-delete" />
              <input type="hidden" name="photoId" value={photo.id} />
              <button type="submit" className={CONFIRM_BUTTON}>
                Delete
              </button>
            </remove.Form>
          </ConfirmPopover>
        </div>
      </div>
    </div>
  );
}
