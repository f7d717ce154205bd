import { ImageOff, ImagePlus, Pencil, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useDropzone } from "react-dropzone";
import { useRevalidator } from "react-router";
import { hostOf, ImageEditorDialog } from "./image-editor-dialog";
import { UploadErrors } from "./media-uploader";
import { acceptAttribute, CONTENT_IMAGE_UPLOAD, dropZoneHint, validateFiles } from "#app/domain/upload-rules";
import { compressForUpload, uploadFile } from "./uploader-transport";
import { HIDDEN_FILE_INPUT } from "./hidden-file-input";

const ACCEPT_ATTRIBUTE = acceptAttribute(CONTENT_IMAGE_UPLOAD);
type Answer = { url: string };

/**
 * An image content block in the Content Manager. Empty: a drop zone (one image, 10 MB; domain/upload-rules.ts).
 * Set: the picture, with 'Edit Image' (on hover or focus) opening the image editor, and Replace Image.
 * A picture that cannot be loaded (a seeded one on another host, offline) says so and offers Replace.
 * Every upload goes to POST /edit/api/content/<key>/image, which stores it and updates the block; `onSaved` then
 * tells the card, whose "Last updated" would otherwise keep the old time (the Content Manager does not reload its
 * list after a save).
 */
export function ContentImageField({ blockKey, content, onSaved }: { blockKey: string; content: string; onSaved?: (url: string) => void }) {
  const revalidator = useRevalidator();
  const [url, setUrl] = useState(content);
  const [shownContent, setShownContent] = useState(content);
  if (content !== shownContent) {
    setShownContent(content);
    setUrl(content);
  }
  // The address whose picture failed to load (so a new address starts out trusted again).
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const imageFailed = failedUrl === url;
  const [errors, setErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const endpoint = `/edit/api/content/${encodeURIComponent(blockKey)}/image`;

  async function send(file: File, fileName?: string): Promise<string | null> {
    setProgress(0);
    const result = await uploadFile<Answer>(endpoint, file, {
      fileName,
      onProgress: (loaded, total) => setProgress(Math.round((loaded / total) * 100)),
    });
    setProgress(null);
    if (!result.ok) {
      console.error(`Uploading the image for ${blockKey} failed`, result);
      return `The image could not be saved: ${result.error}`;
    }
    setUrl(result.body.url);
    onSaved?.(result.body.url);
    void revalidator.revalidate();
    return null;
  }

  async function onDrop(files: File[]) {
    const { accepted, errors: refused } = validateFiles(files, CONTENT_IMAGE_UPLOAD);
    setErrors(refused);
    const file = accepted[0];
    if (!file) return;
    const failure = await send(await compressForUpload(file));
    if (failure) setErrors([failure]);
  }

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => void onDrop(accepted),
    multiple: false,
    noClick: Boolean(url),
    noKeyboard: Boolean(url),
    disabled: progress !== null,
  });

  const progressBar =
    progress !== null ? (
      <div
        role="progressbar"
        aria-label={`Uploading the image for ${blockKey}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-3 h-1.5 bg-linen"
      >
        <div className="h-1.5 bg-gold-500 transition-[width] duration-200" style={{ width: `${progress}%` }} />
      </div>
    ) : null;

  if (!url) {
    return (
      <div>
        <div
          {...getRootProps({
            className: `flex cursor-pointer flex-col items-center gap-2 border-2 border-dashed px-6 py-10 text-center transition-colors duration-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 ${
              isDragActive ? "border-gold-500 bg-gold-200/30" : "border-linen bg-ivory hover:border-gold-400"
            }`,
            "aria-label": `Image for ${blockKey}: drop an image here or press Enter to choose one`,
          })}
        >
          <input {...getInputProps({ accept: ACCEPT_ATTRIBUTE, ...HIDDEN_FILE_INPUT })} data-testid={`content-image-input-${blockKey}`} />
          <ImagePlus aria-hidden className="h-8 w-8 text-gold-600" strokeWidth={1.25} />
          <p className="text-sm text-forest-900">{isDragActive ? "Drop the image here" : "Drop an image here, or click to choose"}</p>
          <p className="text-xs text-stone">{dropZoneHint(CONTENT_IMAGE_UPLOAD)}</p>
        </div>
        {progressBar}
        <div className="mt-3">
          <UploadErrors errors={errors} />
        </div>
      </div>
    );
  }

  const host = hostOf(url);
  return (
    <div {...getRootProps({ className: "space-y-3" })}>
      <input {...getInputProps({ accept: ACCEPT_ATTRIBUTE, ...HIDDEN_FILE_INPUT })} data-testid={`content-image-input-${blockKey}`} />
      {imageFailed ? (
        <div
          className={`flex max-w-md flex-col items-center gap-2 border-2 border-dashed px-6 py-8 text-center ${isDragActive ? "border-gold-500 bg-gold-200/30" : "border-linen bg-ivory"}`}
        >
          <ImageOff aria-hidden className="h-7 w-7 text-gold-600" strokeWidth={1.25} />
          <p className="text-sm text-forest-900">
            {host ? `The current picture, kept on ${host}, could not be loaded.` : "The current picture could not be loaded."}
          </p>
          <p className="text-xs text-stone">Drop a new image here or choose Replace Image. {dropZoneHint(CONTENT_IMAGE_UPLOAD)}</p>
        </div>
      ) : (
        <div className={`group relative inline-block max-w-full ${isDragActive ? "ring-2 ring-gold-500" : ""}`}>
          <img
            ref={(img) => {
              // A picture that failed before hydration fired its error event before React listened.
              if (img?.complete && img.naturalWidth === 0) setFailedUrl(url);
            }}
            src={url}
            alt={`Current image of ${blockKey}`}
            onError={() => setFailedUrl(url)}
            className="max-h-72 w-auto max-w-full border border-linen object-cover"
          />
          <div className="absolute inset-0 flex items-center justify-center bg-forest-950/40 opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100">
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="inline-flex items-center gap-2 bg-ivory px-4 py-2 text-sm text-forest-900 shadow"
            >
              <Pencil aria-hidden className="h-4 w-4" /> Edit Image
            </button>
          </div>
        </div>
      )}
      <div>
        <button
          type="button"
          onClick={open}
          className="inline-flex items-center gap-2 text-xs text-stone underline-offset-4 hover:text-forest-900 hover:underline"
        >
          <RefreshCw aria-hidden className="h-3.5 w-3.5" /> Replace Image
        </button>
      </div>
      {progressBar}
      <UploadErrors errors={errors} />
      {editing ? (
        <ImageEditorDialog
          src={url}
          onClose={() => setEditing(false)}
          onReplace={() => {
            setEditing(false);
            open();
          }}
          onSave={async (image) => {
            // Spec point 7: the edit is sent as edited-image.jpg of type image/jpeg.
            const failure = await send(new File([image], "edited-image.jpg", { type: "image/jpeg" }));
            if (!failure) setEditing(false);
            return failure;
          }}
        />
      ) : null}
    </div>
  );
}
