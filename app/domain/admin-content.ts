import type { BlockPlacement, ContentType } from "./site-content";

/** A content block as the Content Manager receives it (shared by the model, which builds it, and the cards). */
export type AdminContentBlock = {
  id: string;
  key: string;
  type: ContentType;
  content: string;
  /** html blocks: the content sanitised for display (rendered on the server, never from raw input). */
  previewHtml: string | null;
  category: string | null;
  updatedAt: Date | string;
  /** Where the public site shows this block; empty for a block no page reads. */
  placements: BlockPlacement[];
  /** Whether emptying the block restores the site's default text. */
  hasDefault: boolean;
};
