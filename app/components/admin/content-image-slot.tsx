/**
 * Where an image block's editor goes. The media helper's ContentImageField (drop zone, image editor)
 * replaces this read-only view once it exists.
 */
export function ContentImageSlot({ blockKey, content }: { blockKey: string; content: string }) {
  if (!content) return <p className="border border-dashed border-linen px-4 py-8 text-center text-sm text-stone">No image yet</p>;
  return <img src={content} alt={`Current image of ${blockKey}`} className="max-h-64 w-auto border border-linen object-cover" loading="lazy" />;
}
