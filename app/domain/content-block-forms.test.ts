import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTENT_KEY_MESSAGE, IMAGE_ADDRESS_MESSAGE, newContentBlockSchema } from "./content-block-forms";

/** The form as the browser posts it, parsed the way both sides parse it (Conform turns "" into undefined). */
function parse(values: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.append(key, value);
  return parseWithZod(formData, { schema: newContentBlockSchema });
}

/** Field errors as the form shows them (none when the form is valid). */
function errors(values: Record<string, string>) {
  const submission = parse(values);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("new content block form", () => {
  it("accepts a block, lower-casing the key and defaulting the content to empty", () => {
    const submission = parse({ key: " About-Press.Note ", type: "text", category: "about", content: "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ key: "about-press.note", type: "text", category: "about", content: "" });
  });

  it("asks for a key, a type and a category", () => {
    expect(errors({ key: "", content: "" })).toMatchObject({ key: ["Enter a key."], type: ["Choose a type."], category: ["Choose a category."] });
  });

  it("refuses a key outside the pattern the model enforces", () => {
    for (const key of ["a", "-leading-dash", "has space", "x".repeat(81)]) {
      expect(errors({ key, type: "text", category: "home" }), key).toMatchObject({ key: [CONTENT_KEY_MESSAGE] });
    }
  });

  it("takes an image block's address only as https://… or a path on this site", () => {
    expect(errors({ key: "home-photo", type: "image", category: "home", content: "//evil.example/x.jpg" })).toMatchObject({
      content: [IMAGE_ADDRESS_MESSAGE],
    });
    expect(parse({ key: "home-photo", type: "image", category: "home", content: "/media/x.webp" }).status).toBe("success");
    expect(parse({ key: "home-photo", type: "image", category: "home" }).status).toBe("success");
    expect(parse({ key: "home-note", type: "text", category: "home", content: "//not an address, but text" }).status).toBe("success");
  });
});
