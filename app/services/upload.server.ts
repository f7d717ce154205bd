import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { acceptedFormatForDetected, describeFormats, formatLimit, type UploadKind, type UploadRules } from "#app/domain/upload-rules";

/**
 * Reads one uploaded file from a multipart request as it streams in. Nothing the visitor says about
 * the file is trusted: the size limit is counted on the bytes as they arrive (413 as soon as it is
 * passed), the type comes from the file's own bytes (415 for anything not on the list, SVG included:
 * it is text that can carry script), and the name is kept only as sanitised display text.
 */
export type MediaKind = UploadKind;

export type DetectedType = { kind: MediaKind; mime: string; ext: string };

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export type ReceivedFile = {
  data: Buffer;
  type: DetectedType;
  /** The visitor's file name reduced to safe display text; never used as a path. */
  displayName: string;
};

export type ReceivedUpload = { file: ReceivedFile; fields: Record<string, string> };

export type ReadUploadOptions = {
  /** What may come in, and how large (inclusive): the same rules the browser's drop zone applies. */
  rules: Pick<UploadRules, "kinds" | "maxBytes">;
  /** Text fields accepted alongside the file; anything else is ignored. */
  fieldNames?: readonly string[];
};

const DETECTION_BYTES = 4100;
/** After refusing, read and discard at most this much more so the browser receives the answer instead of a reset. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** Room for the multipart framing and small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads and throws away a request body nobody will use (a refused upload), within a bound, so the
 * client can finish sending and read the answer instead of seeing the connection reset.
 */
export function discardBody(request: Request, limit = DRAIN_LIMIT_BYTES): void {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  void (async () => {
    let seen = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        seen += value.byteLength;
        if (seen > limit) return void (await reader.cancel());
      }
    } catch {
      // The client went away: nothing left to discard.
    }
  })();
}

/**
 * Joiners (ZWNJ, ZWJ) between two visible characters shape Persian words and join emoji, and cannot reorder
 * or hide anything; anywhere else they are as invisible as the rest.
 */
const VISIBLE = String.raw`[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}]`;
const STRAY_JOINER = new RegExp(String.raw`(?<!${VISIBLE})[\u200c\u200d]|[\u200c\u200d](?!${VISIBLE})`, "gu");
const FORMAT_EXCEPT_JOINERS = /(?![\u200c\u200d])\p{Cf}/gu;

/**
 * Removes invisible format characters (Unicode category Cf): the direction overrides and isolates that make
 * `villa\u202Egpj.exe` display as "villaexe.jpg", marks, zero-width spaces and the byte-order mark. A name
 * made only of them would show as nothing at all.
 */
function withoutFormatCharacters(text: string): string {
  return text.replace(STRAY_JOINER, "").replace(FORMAT_EXCEPT_JOINERS, "");
}

/**
 * Reduces a client-supplied file name to plain display text: no folders, no control or invisible format
 * characters, bounded length.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = withoutFormatCharacters(base.normalize("NFC"))
    // Control characters and characters that mean something to shells or HTML.
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}

/** The accepted format the bytes show, whichever kinds are wanted; undefined for anything else. */
export async function detectType(sample: Uint8Array): Promise<DetectedType | undefined> {
  // Loaded on the first upload, not at start-up: file-type and its readers are some 30 modules.
  const { fileTypeFromBuffer } = await import("file-type");
  const found = await fileTypeFromBuffer(sample);
  const format = found ? acceptedFormatForDetected(found.mime, { kinds: ["image", "video", "audio"] }) : undefined;
  return format ? { kind: format.kind, mime: format.mime, ext: format.extensions[0]!.slice(1) } : undefined;
}

export function unsupportedTypeMessage(kinds: readonly MediaKind[]): string {
  return `This file type is not accepted. Upload ${describeFormats({ kinds })}.`;
}

/**
 * Parses the request body. Resolves with the single file and the allowed fields, or rejects with an
 * UploadError as soon as a rule is broken (without waiting for the rest of the body).
 */
export function readUpload(request: Request, options: ReadUploadOptions): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return Promise.reject(new UploadError("Send the file as multipart/form-data.", 400));
  }
  if (!request.body) return Promise.reject(new UploadError("No file was sent.", 400));
  const { maxBytes, kinds } = options.rules;
  const tooLarge = () => new UploadError(`The file is too large. The maximum is ${formatLimit(maxBytes)}.`, 413);

  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  const declaredLength = Number(request.headers.get("content-length") ?? NaN);

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let settled = false;
    let parser: busboy.Busboy;
    const fields: Record<string, string> = {};
    let file: { chunks: Buffer[]; bytes: number; displayName: string; type?: DetectedType; done: boolean } | undefined;

    function fail(error: UploadError) {
      if (settled) return;
      settled = true;
      reject(error);
      // Stop parsing, then drain (discard) what the client is still sending, within a bound, so it can
      // read the answer; past the bound the connection is dropped.
      if (parser) source.unpipe(parser);
      let discarded = 0;
      source.on("data", (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > DRAIN_LIMIT_BYTES) source.destroy();
      });
      source.on("error", () => undefined);
      source.resume();
    }

    if (Number.isFinite(declaredLength) && declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      fail(tooLarge());
      return;
    }

    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        // busboy reports "limit" when a file reaches fileSize bytes; one more byte keeps exactly maxBytes allowed.
        limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      fail(new UploadError("The upload is not valid multipart/form-data.", 400));
      return;
    }

    parser.on("field", (name, value) => {
      if (options.fieldNames?.includes(name)) fields[name] = value;
    });

    parser.on("file", (_name, stream, info) => {
      if (file) {
        stream.resume();
        return;
      }
      const current = {
        chunks: [] as Buffer[],
        bytes: 0,
        displayName: sanitizeFileName(info.filename),
        type: undefined as DetectedType | undefined,
        done: false,
      };
      file = current;
      let checked = false;

      async function check(final: boolean) {
        checked = true;
        const sample = Buffer.concat(current.chunks);
        const type = await detectType(final ? sample : sample.subarray(0, DETECTION_BYTES));
        // With only the first bytes, some formats (MP3 behind a large ID3 tag) are not yet recognisable:
        // decide on the whole file then.
        if (!type && !final) {
          checked = false;
          return;
        }
        if (!type || !kinds.includes(type.kind)) return fail(new UploadError(unsupportedTypeMessage(kinds), 415));
        current.type = type;
      }

      let pendingCheck: Promise<void> | undefined;
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        current.chunks.push(chunk);
        current.bytes += chunk.length;
        if (!checked && !pendingCheck && current.bytes >= DETECTION_BYTES) {
          pendingCheck = check(false).finally(() => (pendingCheck = undefined));
        }
      });
      stream.on("limit", () => fail(tooLarge()));
      stream.on("end", () => {
        current.done = true;
      });
    });

    parser.on("filesLimit", () => fail(new UploadError("Send one file per request.", 400)));
    parser.on("partsLimit", () => fail(new UploadError("The upload has too many parts.", 400)));
    parser.on("error", () => fail(new UploadError("The upload is not valid multipart/form-data.", 400)));
    source.on("error", () => fail(new UploadError("The upload was interrupted.", 400)));

    parser.on("close", () => void finish());
    async function finish() {
      if (settled) return;
      if (!file || !file.done || file.bytes === 0) return fail(new UploadError("No file was sent.", 400));
      if (!file.type) {
        const type = await detectType(Buffer.concat(file.chunks));
        if (!type || !kinds.includes(type.kind)) return fail(new UploadError(unsupportedTypeMessage(kinds), 415));
        file.type = type;
      }
      if (settled) return;
      settled = true;
      resolve({ file: { data: Buffer.concat(file.chunks), type: file.type, displayName: file.displayName }, fields });
    }

    source.pipe(parser);
  });
}
