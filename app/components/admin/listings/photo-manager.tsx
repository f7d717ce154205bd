import { CloudUpload } from "lucide-react";
import { useState } from "react";
import { useDropzone } from "react-dropzone";
import { useFetcher, useRevalidator } from "react-router";
import { UploadErrors } from "#app/components/admin/media-uploader";
import { SortableList } from "#app/components/admin/sortable-list";
import { compressForUpload, uploadFile } from "#app/components/admin/uploader-transport";
import type { CategoryId } from "#app/domain/category-ids";
import { PHOTO_ACTION_FAILED, type PhotoActionAnswer } from "#app/domain/listing-editor";
import { MAX_PHOTOS, type PhotoView } from "#app/domain/listing-photos";
import { agreeing, countOf } from "#app/domain/plural";
import { acceptAttribute, dropZoneHint, LISTING_PHOTO_UPLOAD, validateFiles } from "#app/domain/upload-rules";
import type { PhotoAltDrafts } from "./photo-alt-drafts";
import { PhotoCard } from "./photo-card";
import { HIDDEN_FILE_INPUT } from "#app/components/admin/hidden-file-input";

type Queued = { id: string; name: string; progress: number; state: "preparing" | "waiting" | "uploading" };

const ACCEPT = acceptAttribute(LISTING_PHOTO_UPLOAD);

type Failure = Extract<PhotoActionAnswer, { ok: false }>;
type PhotoManagerProps = {
  listingId: string;
  photos: PhotoView[];
  title: string;
  theme: CategoryId;
  /** A photo change refused without JavaScript: the page came back with it instead of a redirect. */
  failure?: Failure;
  /** Alt text typed on the photos, which the listing's main save also sends (photo-alt-drafts.ts). */
  altDrafts: PhotoAltDrafts;
};

/**
 * The listing's photos: drop or pick several at once (each compressed in the browser, then uploaded with its
 * own progress bar through the media pipeline), reorder them by drag and drop, describe them, choose the cover,
 * delete them. Without JavaScript the plain form below uploads one photo at a time. A new order is called saved
 * only once the server has answered; a refused one says so, and the photos return to their saved order.
 */
export function PhotoManager({ listingId, photos, title, theme, failure, altDrafts }: PhotoManagerProps) {
  const revalidator = useRevalidator();
  const reorder = useFetcher<PhotoActionAnswer>({ key: `photos-reorder-${listingId}` });
  const reorderAnswer = reorder.state === "idle" ? reorder.data : undefined;
  const reorderStatus = reorder.state !== "idle" ? "Saving the photo order…" : reorderAnswer?.ok ? "Photo order saved." : "";
  const problems = [
    ...(reorderAnswer && !reorderAnswer.ok ? [`${PHOTO_ACTION_FAILED["photo-reorder"]}: ${reorderAnswer.error}`] : []),
    // Shown here when the photo it names is not on the page (deleted meanwhile); otherwise on the photo itself too.
    ...(failure ? [`${PHOTO_ACTION_FAILED[failure.intent ?? ""] ?? "The photo was not changed"}: ${failure.error}`] : []),
  ];
  const [queue, setQueue] = useState<Queued[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const endpoint = `/edit/api/listings/${listingId}/photos`;
  const room = MAX_PHOTOS - photos.length;

  async function onDrop(files: File[]) {
    const { accepted, errors: refused } = validateFiles(files, LISTING_PHOTO_UPLOAD);
    const taken = accepted.slice(0, Math.max(0, room - queue.length));
    const left = accepted.length - taken.length;
    if (left > 0) refused.push(`A listing holds up to ${MAX_PHOTOS} photos: ${left} ${agreeing(left, "was", "were")} left out.`);
    setErrors(refused);
    setStatus("");
    const entries = taken.map((file) => ({ file, entry: { id: crypto.randomUUID(), name: file.name, progress: 0, state: "preparing" as const } }));
    setQueue((current) => [...current, ...entries.map(({ entry }) => entry)]);
    const failures: string[] = [];
    let uploaded = 0;
    // One at a time: the server re-encodes each picture, and staff see each one arrive in order.
    for (const { file, entry } of entries) {
      const update = (changes: Partial<Queued>) =>
        setQueue((current) => current.map((item) => (item.id === entry.id ? { ...item, ...changes } : item)));
      const compressed = await compressForUpload(file);
      update({ state: "uploading" });
      const result = await uploadFile(endpoint, compressed, {
        onProgress: (loaded, total) => update({ progress: Math.round((loaded / total) * 100) }),
      });
      setQueue((current) => current.filter((item) => item.id !== entry.id));
      if (result.ok) uploaded += 1;
      else failures.push(`${file.name} could not be uploaded: ${result.error}`);
      if (result.ok) void revalidator.revalidate();
    }
    setErrors((current) => [...current, ...failures]);
    setStatus(uploaded > 0 ? `${countOf(uploaded, "photo")} added.` : "");
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: (files) => void onDrop(files), multiple: true, disabled: room <= 0 });

  return (
    <section id="photos" aria-labelledby="photos-heading" className="scroll-mt-24 space-y-6 border border-linen bg-white/70 p-6 sm:p-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="photos-heading" className="font-display text-xl text-forest-900">
            Photos
          </h2>
          <p className="mt-1 text-sm text-stone">
            {photos.length} of {MAX_PHOTOS}. The first is the cover: cards, the detail page's main image and the home page use it. Drag to reorder.
          </p>
        </div>
      </div>

      <div
        {...getRootProps({
          className: `flex cursor-pointer flex-col items-center justify-center gap-2 border-2 border-dashed px-6 py-10 text-center transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 ${
            isDragActive ? "border-gold-500 bg-gold-200/30" : "border-linen bg-ivory hover:border-gold-400"
          }`,
          "aria-label": "Add photos: drop pictures here or press Enter to choose them",
        })}
      >
        <input {...getInputProps({ accept: ACCEPT, ...HIDDEN_FILE_INPUT })} data-testid="listing-photo-input" />
        <CloudUpload aria-hidden className="h-9 w-9 text-gold-600" strokeWidth={1.25} />
        <p className="font-display text-lg text-forest-900">
          {isDragActive ? "Drop the photos here" : "Drag photos here, or choose several at once"}
        </p>
        <p className="text-xs text-stone">{dropZoneHint(LISTING_PHOTO_UPLOAD)}</p>
      </div>

      <UploadErrors errors={errors} />
      {problems.length ? (
        <div role="alert" className="space-y-1 border-l-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-800">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <p role="status" className="text-sm text-forest-800">
        {[status, reorderStatus].filter(Boolean).join(" ")}
      </p>
      {queue.length > 0 ? (
        <ul aria-label="Photos being uploaded" className="space-y-3">
          {queue.map((item) => (
            <li key={item.id} className="text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate">{item.name}</span>
                <span className="text-stone tabular-nums">{item.state === "preparing" ? "Preparing…" : `${item.progress}%`}</span>
              </div>
              <div
                role="progressbar"
                aria-label={`Upload of ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.progress}
                className="mt-1 h-1.5 w-full bg-linen"
              >
                <div className="h-1.5 bg-gold-500 transition-[width] duration-200" style={{ width: `${item.progress}%` }} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {photos.length > 0 ? (
        <SortableList
          items={photos}
          label="Listing photos"
          layout="grid"
          announceSaveOnDrop={false}
          nameOf={(photo) => `photo ${photos.findIndex((item) => item.id === photo.id) + 1}${photo.alt ? ` (${photo.alt})` : ""}`}
          onReorder={(next) =>
            void reorder.submit({ _action: "photo-reorder", ids: JSON.stringify(next.map((photo) => photo.id)) }, { method: "post" })
          }
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          itemClassName="flex flex-col border border-linen bg-white"
          renderItem={(photo, { handle, position, count }) => (
            <PhotoCard
              photo={photo}
              handle={handle}
              position={position}
              count={count}
              title={title}
              theme={theme}
              failure={failure?.photoId === photo.id ? failure : undefined}
              typedAlt={Object.hasOwn(altDrafts.typed, photo.id) ? altDrafts.typed[photo.id] : undefined}
              onAltTyped={(alt) => altDrafts.type(photo.id, alt)}
            />
          )}
        />
      ) : (
        <p className="border border-dashed border-linen px-6 py-10 text-center text-sm text-stone">
          No photos yet: until there are, the site shows the designed placeholder.
        </p>
      )}

      <noscript>
        <form method="post" action={endpoint} encType="multipart/form-data" className="flex flex-wrap items-end gap-3 border-t border-linen pt-5">
          <label className="text-sm text-ink">
            Add one photo
            <input type="file" name="file" accept={ACCEPT} required className="mt-1 block text-sm" />
          </label>
          <button type="submit" className="btn-primary">
            Upload photo
          </button>
        </form>
      </noscript>
    </section>
  );
}
