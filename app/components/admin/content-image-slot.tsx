import { ContentImageField } from "./content-image-field";

/** Where an image block's editor goes: the media helper's ContentImageField (drop zone, image editor). */
export function ContentImageSlot({ blockKey, content }: { blockKey: string; content: string }) {
  return <ContentImageField blockKey={blockKey} content={content} />;
}
