import { describe, expect, it } from "vitest";
import { CONTENT_IMAGE_UPLOAD, describeFormats, dropzoneAccept, formatBytes, MB, MEDIA_UPLOAD, validateFiles } from "./upload-rules";

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe("uploader validation (spec point 5)", () => {
  it("refuses a file over 50 MB on the media screen with the spec's message", () => {
    const { accepted, errors } = validateFiles([file("yacht-tour.mp4", 50 * MB + 1, "video/mp4")], MEDIA_UPLOAD);
    expect(accepted).toEqual([]);
    expect(errors).toEqual(["File yacht-tour.mp4 is too large. Maximum size is 50MB."]);
  });

  it("accepts exactly 50 MB", () => {
    expect(validateFiles([file("exact.mp4", 50 * MB, "video/mp4")], MEDIA_UPLOAD).errors).toEqual([]);
  });

  it("refuses a format that is not allowed with the spec's message", () => {
    const { errors } = validateFiles(
      [
        file("logo.svg", 2_000, "image/svg+xml"),
        file("notes.pdf", 2_000, "application/pdf"),
        file("clip.mov", 2_000, "video/quicktime"),
        file("IMG_0001.HEIC", 2_000, "image/heic"),
        file("disguised.webp", 2_000, "text/html"),
      ],
      MEDIA_UPLOAD,
    );
    expect(errors).toEqual([
      "File logo.svg has an unsupported format.",
      "File notes.pdf has an unsupported format.",
      "File clip.mov has an unsupported format.",
      "File IMG_0001.HEIC has an unsupported format.",
      "File disguised.webp has an unsupported format.",
    ]);
  });

  it("keeps every allowed image, video and audio type, one message per refused file, in order", () => {
    const files = [
      file("a.jpg", 10, "image/jpeg"),
      file("b.JPEG", 10, "image/jpeg"),
      file("c.png", 10, "image/png"),
      file("d.gif", 10, "image/gif"),
      file("d2.webp", 10, "image/webp"),
      file("d3.avif", 10, "image/avif"),
      file("e.mp4", 10, "video/mp4"),
      file("f.webm", 10, "video/webm"),
      file("g.ogg", 10, "video/ogg"),
      file("h.mp3", 10, "audio/mpeg"),
      file("i.wav", 10, "audio/wav"),
      file("j.ogg", 10, "audio/ogg"),
      file("huge.png", 60 * MB, "image/png"),
      file("script.jpg", 10, "text/javascript"),
    ];
    const { accepted, errors } = validateFiles(files, MEDIA_UPLOAD);
    expect(accepted.map((entry) => entry.name)).toEqual([
      "a.jpg",
      "b.JPEG",
      "c.png",
      "d.gif",
      "d2.webp",
      "d3.avif",
      "e.mp4",
      "f.webm",
      "g.ogg",
      "h.mp3",
      "i.wav",
      "j.ogg",
    ]);
    expect(errors).toEqual(["File huge.png is too large. Maximum size is 50MB.", "File script.jpg has an unsupported format."]);
  });

  it("takes one image of at most 10 MB in the content image drop zone", () => {
    expect(validateFiles([file("hero.jpg", 11 * MB, "image/jpeg")], CONTENT_IMAGE_UPLOAD).errors).toEqual([
      "File hero.jpg is too large. Maximum size is 10MB.",
    ]);
    expect(validateFiles([file("tour.mp4", 10, "video/mp4")], CONTENT_IMAGE_UPLOAD).errors).toEqual(["File tour.mp4 has an unsupported format."]);
    const two = validateFiles([file("one.png", 10, "image/png"), file("two.png", 10, "image/png")], CONTENT_IMAGE_UPLOAD);
    expect(two.accepted.map((entry) => entry.name)).toEqual(["one.png"]);
  });

  it("lists the same formats in the drop zone's words and in the file picker", () => {
    expect(describeFormats(MEDIA_UPLOAD)).toBe("JPEG, PNG, GIF, WebP or AVIF images; MP4, WebM or Ogg video; MP3, WAV or Ogg audio");
    expect(describeFormats(CONTENT_IMAGE_UPLOAD)).toBe("JPEG, PNG, GIF, WebP or AVIF images");
    expect(dropzoneAccept(CONTENT_IMAGE_UPLOAD)).toEqual({
      "image/jpeg": [".jpg", ".jpeg"],
      "image/png": [".png"],
      "image/gif": [".gif"],
      "image/webp": [".webp"],
      "image/avif": [".avif"],
    });
  });

  it("formats sizes for people, the same on every screen", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(114 * 1024 + 300)).toBe("114 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2.5 * 1024 ** 3)).toBe("2.5 GB");
    expect(formatBytes(10 * 1024 ** 3)).toBe("10 GB");
  });
});
