import { CloudUpload, FileAudio, FileImage, FileVideo, X } from "lucide-react";
import { useId, useState } from "react";
import { useDropzone } from "react-dropzone";
import { acceptAttribute, dropZoneHint, formatBytes, isImageFile, MEDIA_UPLOAD, validateFiles } from "#app/domain/upload-rules";
import { compressForUpload, uploadFile } from "./uploader-transport";
import { countOf } from "#app/domain/plural";
import { HIDDEN_FILE_INPUT } from "./hidden-file-input";

type Entry = { id: string; file: File; originalSize: number; preparing: boolean };

const ACCEPT_ATTRIBUTE = acceptAttribute(MEDIA_UPLOAD);

function TypeIcon({ file }: { file: File }) {
  const Icon = isImageFile(file) ? FileImage : file.type.startsWith("video/") || /\.(mp4|webm)$/i.test(file.name) ? FileVideo : FileAudio;
  return <Icon aria-hidden className="h-5 w-5 shrink-0 text-forest-700" strokeWidth={1.5} />;
}

/** Red banner with one line per refused file; cleared on each new drop (spec point 5). */
export function UploadErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      <ul className="space-y-1">
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Upload Media: drop or pick files, see them validated and (for images) compressed, remove any, then
 * upload them one by one with a progress bar. `onUploaded` refreshes the library afterwards.
 */
export function MediaUploader({ folders, onUploaded }: { folders: string[]; onUploaded: () => void }) {
  const [errors, setErrors] = useState<string[]>([]);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [folder, setFolder] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const folderId = useId();

  async function onDrop(files: File[]) {
    const { accepted, errors: refused } = validateFiles(files, MEDIA_UPLOAD);
    setErrors(refused);
    setStatus("");
    const added = accepted.map((file) => ({ id: crypto.randomUUID(), file, originalSize: file.size, preparing: isImageFile(file) }));
    setEntries((current) => [...current, ...added]);
    for (const entry of added.filter((item) => item.preparing)) {
      const compressed = await compressForUpload(entry.file);
      setEntries((current) => current.map((item) => (item.id === entry.id ? { ...item, file: compressed, preparing: false } : item)));
    }
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted) => void onDrop(accepted),
    multiple: true,
    disabled: progress !== null,
  });

  async function uploadAll() {
    const queue = entries;
    const total = queue.reduce((sum, entry) => sum + entry.file.size, 0) || 1;
    let done = 0;
    const failures: string[] = [];
    let uploaded = 0;
    setErrors([]);
    setProgress(0);
    for (const entry of queue) {
      const result = await uploadFile("/edit/api/media", entry.file, {
        fields: folder.trim() ? { folder: folder.trim() } : {},
        onProgress: (loaded) => setProgress(Math.round(((done + loaded) / total) * 100)),
      });
      done += entry.file.size;
      setProgress(Math.round((done / total) * 100));
      // Sent or refused, a file leaves the queue: a refused one is reported below and never re-sent with the next batch.
      setEntries((current) => current.filter((item) => item.id !== entry.id));
      if (result.ok) {
        uploaded += 1;
      } else {
        console.error(`Upload of ${entry.file.name} failed`, result);
        failures.push(`File ${entry.file.name} could not be uploaded: ${result.error}`);
      }
    }
    setProgress(null);
    setErrors(failures);
    setStatus(uploaded > 0 ? `${countOf(uploaded, "file")} uploaded.` : "");
    if (uploaded > 0) onUploaded();
  }

  const preparing = entries.some((entry) => entry.preparing);
  const uploading = progress !== null;

  return (
    <section aria-labelledby="upload-heading" className="border border-linen bg-white/70 p-6 sm:p-8">
      <h2 id="upload-heading" className="font-display text-2xl text-forest-900">
        Upload Media
      </h2>
      <p className="mt-2 text-sm text-stone">{dropZoneHint(MEDIA_UPLOAD)}</p>

      <div
        {...getRootProps({
          className: `mt-6 flex cursor-pointer flex-col items-center justify-center gap-3 border-2 border-dashed px-6 py-12 text-center transition-colors duration-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 ${
            isDragActive ? "border-gold-500 bg-gold-200/30" : "border-linen bg-ivory hover:border-gold-400"
          }`,
          "aria-label": "Upload media: drop files here or press Enter to choose files",
        })}
      >
        <input {...getInputProps({ accept: ACCEPT_ATTRIBUTE, ...HIDDEN_FILE_INPUT })} data-testid="media-file-input" />
        <CloudUpload aria-hidden className="h-10 w-10 text-gold-600" strokeWidth={1.25} />
        <p className="font-display text-lg text-forest-900">{isDragActive ? "Drop the files here" : "Drag and drop files here"}</p>
        <p className="text-sm text-stone">
          or <span className="text-forest-800 underline underline-offset-4">browse your computer</span>
        </p>
      </div>

      <div className="mt-4 space-y-4">
        <UploadErrors errors={errors} />
        <p role="status" className="text-sm text-forest-800">
          {status}
        </p>
      </div>

      {entries.length > 0 ? (
        <div className="mt-2">
          <h3 className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">Selected files</h3>
          <ul className="mt-3 divide-y divide-linen border-y border-linen" aria-label="Selected files">
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-center gap-3 py-3 text-sm">
                <TypeIcon file={entry.file} />
                <span className="min-w-0 flex-1 truncate text-ink">{entry.file.name}</span>
                <span className="text-xs text-stone tabular-nums">
                  {entry.preparing ? "Compressing…" : formatBytes(entry.file.size)}
                  {!entry.preparing && entry.file.size < entry.originalSize ? ` (was ${formatBytes(entry.originalSize)})` : ""}
                </span>
                <button
                  type="button"
                  onClick={() => setEntries((current) => current.filter((item) => item.id !== entry.id))}
                  disabled={uploading}
                  aria-label={`Remove ${entry.file.name}`}
                  className="p-1 text-stone transition-colors hover:text-red-700 disabled:opacity-40"
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={folderId} className="text-xs font-medium text-stone">
                Folder (optional)
              </label>
              <input
                id={folderId}
                list={`${folderId}-list`}
                value={folder}
                onChange={(event) => setFolder(event.target.value)}
                maxLength={60}
                placeholder="e.g. Yachts"
                className="w-56 border border-linen bg-white px-3 py-2 text-sm focus:border-gold-500 focus:outline-none"
              />
              <datalist id={`${folderId}-list`}>
                {folders.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </div>
            <button
              type="button"
              onClick={uploadAll}
              disabled={uploading || preparing}
              className="btn-primary disabled:cursor-not-allowed disabled:opacity-50"
            >
              {uploading ? "Uploading..." : `Upload ${countOf(entries.length, "file")}`}
            </button>
          </div>
        </div>
      ) : null}

      {uploading ? (
        <div className="mt-5">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full bg-linen"
          >
            <div className="h-2 bg-gold-500 transition-[width] duration-200" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-2 text-xs text-stone tabular-nums">{progress}%</p>
        </div>
      ) : null}
    </section>
  );
}
