/**
 * The uploader's rules (spec point 5), shared by the Media Manager and the content image drop zone.
 * Pure functions, so the exact messages are tested without a browser. The server checks everything
 * again from the file's bytes; these checks only spare people a pointless upload.
 */
export type UploaderRules = {
  /** MIME type → allowed extensions, in react-dropzone's `accept` shape (also filters the file picker). */
  accept: Record<string, string[]>;
  maxBytes: number;
  multiple: boolean;
};

export const MB = 1024 * 1024;

export const MEDIA_UPLOAD_RULES: UploaderRules = {
  accept: {
    "image/*": [".jpg", ".jpeg", ".png", ".gif"],
    "video/*": [".mp4", ".webm", ".ogg"],
    "audio/*": [".mp3", ".wav", ".ogg"],
  },
  maxBytes: 50 * MB,
  multiple: true,
};

/** The content image drop zone: images only, one file, the default 10 MB. */
export const CONTENT_IMAGE_RULES: UploaderRules = {
  accept: { "image/*": [".jpg", ".jpeg", ".png", ".gif"] },
  maxBytes: 10 * MB,
  multiple: false,
};

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

/** Allowed when the extension is listed and the browser's type (if it reports one) is in the same family. */
export function isAcceptedType(file: FileLike, rules: UploaderRules): boolean {
  const extension = extensionOf(file.name);
  return Object.entries(rules.accept).some(([mime, extensions]) => {
    if (!extensions.includes(extension)) return false;
    if (!file.type) return true;
    const family = mime.endsWith("/*") ? mime.slice(0, -1) : mime;
    // .ogg is audio or video; browsers report either, and both families list it.
    return mime.endsWith("/*") ? file.type.startsWith(family) || (extension === ".ogg" && /^(audio|video)\/ogg/.test(file.type)) : file.type === mime;
  });
}

/**
 * Checks dropped files one by one, in order: type first, then size. Returns the files to keep and
 * one message per refused file.
 */
export function validateFiles<F extends FileLike>(files: readonly F[], rules: UploaderRules): { accepted: F[]; errors: string[] } {
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of rules.multiple ? files : files.slice(0, 1)) {
    if (!isAcceptedType(file, rules)) errors.push(unsupportedFormatMessage(file.name));
    else if (file.size > rules.maxBytes) errors.push(tooLargeMessage(file.name, rules.maxBytes));
    else accepted.push(file);
  }
  return { accepted, errors };
}

export function isImageFile(file: FileLike): boolean {
  return file.type.startsWith("image/") || /\.(jpe?g|png|gif)$/i.test(file.name);
}

const units = ["B", "KB", "MB", "GB", "TB"];
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
