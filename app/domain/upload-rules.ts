/**
 * What may be uploaded where, written once for the browser (drop zones check before sending) and the
 * server (which checks again from the file's own bytes). Sizes are inclusive on both sides: a file of
 * exactly the maximum is accepted everywhere.
 *
 * Formats (decision 0006): JPEG, PNG, GIF, WebP and AVIF images; HEIC is not accepted, because the image
 * library's prebuilt binaries cannot decode it. iPhones hand a JPEG to web pages unless a page asks for
 * HEIC, and the drop zones say so.
 */
export const MB = 1024 * 1024;

export type UploadKind = "image" | "video" | "audio";

export type UploadFormat = {
  kind: UploadKind;
  /** The canonical MIME type stored with the file. */
  mime: string;
  /** MIME types a detector may report for the same format (read from the bytes on the server). */
  detected: readonly string[];
  extensions: readonly string[];
  label: string;
};

export const UPLOAD_FORMATS: readonly UploadFormat[] = [
  { kind: "image", mime: "image/jpeg", detected: ["image/jpeg"], extensions: [".jpg", ".jpeg"], label: "JPEG" },
  { kind: "image", mime: "image/png", detected: ["image/png"], extensions: [".png"], label: "PNG" },
  { kind: "image", mime: "image/gif", detected: ["image/gif"], extensions: [".gif"], label: "GIF" },
  { kind: "image", mime: "image/webp", detected: ["image/webp"], extensions: [".webp"], label: "WebP" },
  { kind: "image", mime: "image/avif", detected: ["image/avif"], extensions: [".avif"], label: "AVIF" },
  { kind: "video", mime: "video/mp4", detected: ["video/mp4"], extensions: [".mp4"], label: "MP4" },
  { kind: "video", mime: "video/webm", detected: ["video/webm"], extensions: [".webm"], label: "WebM" },
  { kind: "video", mime: "video/ogg", detected: ["video/ogg"], extensions: [".ogv", ".ogg"], label: "Ogg" },
  { kind: "audio", mime: "audio/mpeg", detected: ["audio/mpeg"], extensions: [".mp3"], label: "MP3" },
  { kind: "audio", mime: "audio/wav", detected: ["audio/wav", "audio/x-wav", "audio/vnd.wave"], extensions: [".wav"], label: "WAV" },
  { kind: "audio", mime: "audio/ogg", detected: ["audio/ogg", "audio/ogg; codecs=opus", "audio/opus"], extensions: [".ogg", ".oga"], label: "Ogg" },
];

export type UploadRules = {
  kinds: readonly UploadKind[];
  /** Largest accepted file, inclusive. */
  maxBytes: number;
  multiple: boolean;
};

/** The Media Manager (spec point 5): images, video and audio, several at once, 50 MB each. */
export const MEDIA_UPLOAD: UploadRules = { kinds: ["image", "video", "audio"], maxBytes: 50 * MB, multiple: true };

/** A content image block's drop zone: one image, the spec's default 10 MB. */
export const CONTENT_IMAGE_UPLOAD: UploadRules = { kinds: ["image"], maxBytes: 10 * MB, multiple: false };

/** A listing's photos (the listing editor): images only, several at once, 25 MB each before the browser shrinks them. */
export const LISTING_PHOTO_UPLOAD: UploadRules = { kinds: ["image"], maxBytes: 25 * MB, multiple: true };

export function formatsFor(rules: Pick<UploadRules, "kinds">): UploadFormat[] {
  return UPLOAD_FORMATS.filter((format) => rules.kinds.includes(format.kind));
}

/** The format the server detected from the bytes, when it is one we accept for these rules. */
export function acceptedFormatForDetected(detectedMime: string, rules: Pick<UploadRules, "kinds">): UploadFormat | undefined {
  return formatsFor(rules).find((format) => format.detected.includes(detectedMime));
}

/** react-dropzone's `accept` (also the file picker's filter): MIME type → extensions. */
export function dropzoneAccept(rules: Pick<UploadRules, "kinds">): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const format of formatsFor(rules)) accept[format.mime] = [...(accept[format.mime] ?? []), ...format.extensions];
  return accept;
}

/** The file input's `accept` attribute: every allowed extension (the picker filters; our own checks give the messages). */
export function acceptAttribute(rules: Pick<UploadRules, "kinds">): string {
  return [...new Set(formatsFor(rules).flatMap((format) => format.extensions))].join(",");
}

/** "JPEG, PNG, GIF, WebP or AVIF images; MP4, WebM or Ogg video; MP3, WAV or Ogg audio" */
export function describeFormats(rules: Pick<UploadRules, "kinds">): string {
  const nouns: Record<UploadKind, string> = { image: "images", video: "video", audio: "audio" };
  return rules.kinds
    .map((kind) => {
      const labels = [...new Set(UPLOAD_FORMATS.filter((format) => format.kind === kind).map((format) => format.label))];
      const list = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : (labels[0] ?? "");
      return `${list} ${nouns[kind]}`;
    })
    .join("; ");
}

/** What a drop zone says it takes: "JPEG, PNG, GIF, WebP or AVIF images, up to 10 MB." */
export function dropZoneHint(rules: UploadRules): string {
  return `${describeFormats(rules)}, up to ${formatLimit(rules.maxBytes)}${rules.multiple ? " each" : ""}. iPhone photos arrive as JPEG.`;
}

export function isWithinSizeLimit(bytes: number, rules: Pick<UploadRules, "maxBytes">): boolean {
  return bytes <= rules.maxBytes;
}

/** "50 MB": limits are whole megabytes. */
export function formatLimit(maxBytes: number): string {
  return `${Math.round(maxBytes / MB)} MB`;
}

// ---------------------------------------------------------------------------------------------------
// The browser's checks before sending (the spec's messages, point 5).

export type FileLike = { name: string; size: number; type: string };

export function tooLargeMessage(name: string, maxBytes: number): string {
  return `File ${name} is too large. Maximum size is ${Math.round(maxBytes / MB)}MB.`;
}

export function unsupportedFormatMessage(name: string): string {
  return `File ${name} has an unsupported format.`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
}

/** Allowed when the extension is listed and the browser's type (if it reports one) belongs to a format with that extension. */
export function isAcceptedType(file: FileLike, rules: Pick<UploadRules, "kinds">): boolean {
  const extension = extensionOf(file.name);
  return formatsFor(rules).some(
    (format) => format.extensions.includes(extension) && (!file.type || file.type === format.mime || format.detected.includes(file.type)),
  );
}

/** Checks dropped files one by one, in order: type first, then size. Returns the files to keep and one message per refused file. */
export function validateFiles<F extends FileLike>(files: readonly F[], rules: UploadRules): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of rules.multiple ? files : files.slice(0, 1)) {
    if (!isAcceptedType(file, rules)) errors.push(unsupportedFormatMessage(file.name));
    else if (!isWithinSizeLimit(file.size, rules)) errors.push(tooLargeMessage(file.name, rules.maxBytes));
    else accepted.push(file);
  }
  return { accepted, errors };
}

export function isImageFile(file: FileLike): boolean {
  return file.type.startsWith("image/") || formatsFor({ kinds: ["image"] }).some((format) => format.extensions.includes(extensionOf(file.name)));
}

// ---------------------------------------------------------------------------------------------------
// Sizes for people, the same on every screen (dashboard, Media Manager, uploader).

const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** 512 B, 1.5 KB, 114 KB, 2.5 GB, 10 GB: one decimal below 100 of a unit, none for whole numbers. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}
