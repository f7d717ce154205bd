import { describe, expect, it } from "vitest";
import {
  ABOUT_CONTENT_KEYS,
  CONTACT_CONTENT_KEYS,
  CONTENT_CATEGORIES,
  CONTENT_DEFAULTS,
  CONTENT_PLACEMENTS,
  contentCategoryLabel,
  contentDefaultOf,
  HOME_CONTENT_KEYS,
  isContentCategory,
  placementsOf,
} from "./site-content";

describe("site content", () => {
  it("has the spec's three categories with their labels", () => {
    expect(CONTENT_CATEGORIES.map((category) => [category.id, category.label])).toEqual([
      ["home", "Home Page"],
      ["about", "About"],
      ["contact", "Contact"],
    ]);
    expect(isContentCategory("about")).toBe(true);
    expect(isContentCategory("footer")).toBe(false);
    expect(contentCategoryLabel("home")).toBe("Home Page");
    expect(contentCategoryLabel("legacy")).toBe("legacy");
  });

  it("places every block with a default somewhere, and the pages read exactly their placed keys", () => {
    const placed = new Set(Object.values(CONTENT_PLACEMENTS).flatMap((page) => Object.keys(page)));
    expect([...placed].sort()).toEqual(Object.keys(CONTENT_DEFAULTS).sort());
    expect(HOME_CONTENT_KEYS).toContain("home-about-intro");
    expect(ABOUT_CONTENT_KEYS).toContain("about-mission");
    expect(CONTACT_CONTENT_KEYS).toEqual(["contact-intro"]);
  });

  it("says where a block appears, with a link to the section", () => {
    expect(placementsOf("home-about-intro")).toEqual([{ page: "Home page", section: "About section", href: "/#about-blurb-heading" }]);
    expect(placementsOf("leader-ceo-photo").map((placement) => placement.href)).toEqual(["/#leadership-heading", "/about#leadership-heading"]);
    expect(placementsOf("contact-intro")).toEqual([{ page: "Contact page", section: "Introduction", href: "/contact" }]);
    expect(placementsOf("made-by-staff")).toEqual([]);
  });

  it("knows which blocks have a default", () => {
    expect(contentDefaultOf("about-value-vision")).toMatch(/^To be the first address/);
    expect(contentDefaultOf("made-by-staff")).toBeNull();
    expect(contentDefaultOf("toString")).toBeNull();
  });
});
