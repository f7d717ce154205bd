import { describe, expect, it } from "vitest";
import { CATEGORY_LIST } from "./categories";
import { CATEGORY_MENU } from "./category-names";

describe("category names", () => {
  it("the menu's names and order are the category table's", () => {
    expect(CATEGORY_MENU).toEqual(CATEGORY_LIST.map((category) => ({ id: category.id, name: category.name })));
  });
});
