import { Pencil } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { formatAdminDate } from "./enquiry-status";
import { ContentImageField } from "./content-image-field";

export type AdminContentBlock = {
  id: string;
  key: string;
  type: "text" | "image" | "html";
  content: string;
  /** html blocks: the content sanitised for display (rendered from the server, never from raw input). */
  previewHtml: string | null;
  category: string | null;
  updatedAt: Date | string;
};

type SaveResult = { ok: true; block: AdminContentBlock } | { ok: false; error: string };

export const CATEGORY_LABELS: Record<string, string> = { home: "Home Page", about: "About", contact: "Contact" };

/**
 * One block with its inline editor (spec point 4): text and html are read-only until clicked, then a
 * textarea (taller and monospaced for html) with 'Save Changes', which reads 'Saving...' while disabled.
 */
export function ContentBlockCard({ block: initial }: { block: AdminContentBlock }) {
  const fetcher = useFetcher<SaveResult>({ key: `content-${initial.key}` });
  const [block, setBlock] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial.content);
  const [seen, setSeen] = useState(fetcher.data);
  // React's "adjust state when a value changes" pattern: take the saved block once, and leave edit mode.
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) {
      setBlock(fetcher.data.block);
      setDraft(fetcher.data.block.content);
      setEditing(false);
    }
  }
  const saving = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? fetcher.data.error : null;
  const startEditing = () => {
    setDraft(block.content);
    setEditing(true);
  };

  return (
    <article
      data-testid="content-block"
      data-key={block.key}
      className="border border-linen bg-white/80 p-6 transition-shadow duration-300 hover:shadow-[0_12px_40px_-24px_rgb(8_34_26/0.35)]"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-mono text-sm break-all text-forest-900">{block.key}</h2>
          <p className="mt-1 text-xs text-stone">
            Last updated <time dateTime={new Date(block.updatedAt).toISOString()}>{formatAdminDate(block.updatedAt)}</time>
          </p>
        </div>
        <div className="flex gap-2 text-[0.65rem] tracking-[0.16em] uppercase">
          {block.category ? (
            <span className="border border-linen px-2 py-0.5 text-stone">{CATEGORY_LABELS[block.category] ?? block.category}</span>
          ) : null}
          <span className="border border-gold-500/40 px-2 py-0.5 text-gold-700">{block.type}</span>
        </div>
      </header>
      <div className="mt-5">
        {block.type === "image" ? (
          <ContentImageField blockKey={block.key} content={block.content} />
        ) : editing ? (
          <fetcher.Form method="post" action="/edit/content" className="space-y-3">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="key" value={block.key} />
            <label htmlFor={`content-${block.id}`} className="sr-only">{`Content of ${block.key}`}</label>
            <textarea
              id={`content-${block.id}`}
              name="content"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={block.type === "html" ? 14 : 6}
              autoFocus
              className={`block w-full border border-linen bg-ivory px-4 py-3 text-ink outline-none focus:border-forest-700 ${block.type === "html" ? "font-mono text-[0.8rem] leading-relaxed" : "text-sm leading-relaxed"}`}
            />
            {error ? (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <div className="flex gap-3">
              <button type="submit" disabled={saving} className="btn-primary !px-5 !py-2.5 disabled:cursor-wait disabled:opacity-60">
                {saving ? "Saving..." : "Save Changes"}
              </button>
              <button
                type="button"
                disabled={saving}
                onClick={() => setEditing(false)}
                className="px-4 py-2.5 text-xs tracking-[0.16em] text-stone uppercase hover:text-forest-900"
              >
                Cancel
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <div className="group relative">
            {/* Clicking the text opens the editor, as the spec describes; the button serves the keyboard. */}
            <div
              onClick={startEditing}
              className="cursor-text border border-transparent px-4 py-3 text-sm leading-relaxed text-ink/85 transition-colors duration-200 group-hover:border-linen group-hover:bg-ivory"
            >
              {block.type === "html" ? (
                <div
                  className="prose-admin [&_a]:pointer-events-none [&_a]:underline"
                  dangerouslySetInnerHTML={{ __html: block.previewHtml ?? "" }}
                />
              ) : (
                <p className="whitespace-pre-line">{block.content || <span className="text-stone italic">Empty</span>}</p>
              )}
            </div>
            <button
              type="button"
              onClick={startEditing}
              className="absolute top-2 right-2 inline-flex items-center gap-1.5 bg-ivory px-2.5 py-1 text-[0.65rem] tracking-[0.16em] text-forest-900 uppercase opacity-0 transition-opacity duration-200 group-hover:opacity-100 focus-visible:opacity-100"
            >
              <Pencil aria-hidden className="h-3 w-3" /> Edit<span className="sr-only">{` ${block.key}`}</span>
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
