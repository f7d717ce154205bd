import { ImageOff, RefreshCw, RotateCw, Undo2, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
// The cropper's own rules as a style sheet: the <style> it would write into the page is refused by the CSP.
import "react-easy-crop/react-easy-crop.css";
import { UploadErrors } from "./media-uploader";
import { renderCroppedImage } from "./image-editor-canvas";

/** Spec point 9: initial aspect 16:9, preview 400 px high, 90° per Rotate click. */
export const EDITOR_ASPECT = 16 / 9;
export const EDITOR_PREVIEW_HEIGHT = 400;
export const ROTATION_STEP = 90;

const START = { crop: { x: 0, y: 0 }, zoom: 1, rotation: 0 };

type ImageEditorProps = {
  src: string;
  onClose: () => void;
  onSave: (image: Blob) => Promise<string | null>;
  /** Offered when the picture cannot be opened (another host without CORS, or offline): upload a copy instead. */
  onReplace: () => void;
};

/**
 * The image editor: crop (16:9), zoom, rotate, reset, then 'Save Changes' hands a JPEG to `onSave`.
 * A native modal <dialog> keeps focus inside and closes on Escape; focus goes back to whatever opened it.
 */
export function ImageEditorDialog({ src, onClose, onSave, onReplace }: ImageEditorProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const problemId = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  const [crop, setCrop] = useState(START.crop);
  const [zoom, setZoom] = useState(START.zoom);
  const [rotation, setRotation] = useState(START.rotation);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    // The dialog leaves the page when it closes, so the browser cannot hand focus back itself: we do.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function reset() {
    setCrop(START.crop);
    setZoom(START.zoom);
    setRotation(START.rotation);
    setError(null);
  }

  async function save() {
    if (!area) return;
    setSaving(true);
    setError(null);
    try {
      const image = await renderCroppedImage(src, area, rotation);
      const failure = await onSave(image);
      if (failure) setError(failure);
    } catch (caught) {
      console.error("Saving the edited image failed", caught);
      setError(caught instanceof Error ? caught.message : "The edited image could not be saved.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
      className="m-auto w-[min(56rem,calc(100vw-2rem))] border border-linen bg-ivory p-0 text-ink shadow-2xl backdrop:bg-forest-950/70"
    >
      <div className="flex items-center justify-between border-b border-linen px-6 py-4">
        <h2 id={titleId} className="font-display text-2xl text-forest-900">
          Edit Image
        </h2>
        <button
          type="button"
          onClick={onClose}
          disabled={saving}
          aria-label="Close"
          className="p-2 text-stone transition-colors hover:text-forest-900"
        >
          <X aria-hidden className="h-5 w-5" />
        </button>
      </div>
      <div className="relative bg-forest-950" style={{ height: EDITOR_PREVIEW_HEIGHT }} data-testid="image-editor-preview">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={EDITOR_ASPECT}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{ crossOrigin: "anonymous", alt: "Image being edited", onError: () => setLoadFailed(true) }}
          disableAutomaticStylesInjection
        />
        {loadFailed ? <CannotOpen id={problemId} src={src} onReplace={onReplace} /> : null}
      </div>
      <div className="space-y-4 px-6 py-5">
        <UploadErrors errors={error ? [error] : []} />
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-3 text-sm text-stone">
            Zoom
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              disabled={loadFailed}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="accent-gold-600"
            />
          </label>
          <button
            type="button"
            onClick={() => setRotation((current) => (current + ROTATION_STEP) % 360)}
            disabled={loadFailed}
            className="inline-flex items-center gap-2 border border-linen bg-white px-4 py-2 text-sm hover:border-gold-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <RotateCw aria-hidden className="h-4 w-4" /> Rotate 90°
          </button>
          <button
            type="button"
            onClick={reset}
            disabled={loadFailed}
            className="inline-flex items-center gap-2 border border-linen bg-white px-4 py-2 text-sm hover:border-gold-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Undo2 aria-hidden className="h-4 w-4" /> Reset
          </button>
          <span className="flex-1" />
          <button
            type="button"
            onClick={save}
            disabled={saving || !area || loadFailed}
            aria-describedby={loadFailed ? problemId : undefined}
            className="btn-primary disabled:cursor-not-allowed disabled:opacity-60"
          >
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** Said instead of a silently disabled Save: why the picture cannot be edited, and the way out. */
function CannotOpen({ id, src, onReplace }: { id: string; src: string; onReplace: () => void }) {
  const host = hostOf(src);
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-forest-950 px-8 text-center text-ivory">
      <ImageOff aria-hidden className="h-8 w-8 text-gold-300" strokeWidth={1.25} />
      <p id={id} role="alert" className="max-w-md text-sm leading-relaxed text-ivory/85">
        {host
          ? `This picture is kept on ${host}, which does not let it be opened for editing here. Upload a copy instead, then edit that.`
          : "This picture could not be opened for editing. Upload a copy instead, then edit that."}
      </p>
      <button type="button" onClick={onReplace} className="btn-outline-light inline-flex items-center gap-2 !px-5 !py-2.5">
        <RefreshCw aria-hidden className="h-4 w-4" /> Replace Image
      </button>
    </div>
  );
}

/** The host of an image on another site; null for the site's own files. */
export function hostOf(src: string): string | null {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src).host;
  } catch {
    return null;
  }
}
