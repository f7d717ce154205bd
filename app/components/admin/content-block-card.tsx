import { MapPin, Pencil } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdminContentBlock } from "#app/domain/admin-content";
import { contentCategoryLabel } from "#app/domain/site-content";
import { formatAdminDate } from "./enquiry-status";
import { ContentImageField } from "./content-image-field";

/** A refused save; `conflict` when someone saved the block after this editor opened it (the block as stored now). */
type SaveResult = { ok: true; block: AdminContentBlock } | { ok: false; error: string; conflict?: { by: string | null; block: AdminContentBlock } };

const versionOf = (block: AdminContentBlock) => new Date(block.updatedAt).toISOString();

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
  const refused = fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? fetcher.data : null;
  // Once the saved text is taken into the editor, the conflict is over (the editor is at the new version).
  const conflict = refused?.conflict && versionOf(refused.conflict.block) !== versionOf(block) ? refused.conflict : null;
  const error = refused && !refused.conflict ? refused.error : null;
  const takeSavedVersion = (saved: AdminContentBlock) => {
    setBlock(saved);
    setDraft(saved.content);
  };
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
          {block.category ? <span className="border border-linen px-2 py-0.5 text-stone">{contentCategoryLabel(block.category)}</span> : null}
          <span className="border border-gold-500/40 px-2 py-0.5 text-gold-700">{block.type}</span>
        </div>
      </header>
      <BlockPlacements block={block} />
      <div className="mt-5">
        {block.type === "image" ? (
          <ContentImageField
            blockKey={block.key}
            content={block.content}
            // The upload's answer carries no time; the server stamped the block as it answered, so now is near enough.
            onSaved={(url) => setBlock((current) => ({ ...current, content: url, updatedAt: new Date() }))}
          />
        ) : editing ? (
          <fetcher.Form method="post" action="/edit/content" className="space-y-3">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="key" value={block.key} />
            {/* The version this draft started from: a save after someone else's is refused, not written over theirs. */}
            <input type="hidden" name="updatedAt" value={versionOf(block)} />
            <label htmlFor={`content-${block.id}`} className="sr-only">{`Content of ${block.key}`}</label>
            <textarea
              id={`content-${block.id}`}
              name="content"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              // The saved block replaces the draft when the answer comes: what was typed meanwhile would vanish with it.
              readOnly={saving}
              rows={block.type === "html" ? 14 : 6}
              aria-describedby={block.hasDefault ? `content-${block.id}-hint` : undefined}
              autoFocus
              className={`block w-full border border-linen bg-ivory px-4 py-3 text-ink outline-none focus:border-forest-700 ${block.type === "html" ? "font-mono text-[0.8rem] leading-relaxed" : "text-sm leading-relaxed"}`}
            />
            {block.hasDefault ? (
              <p id={`content-${block.id}-hint`} className="text-xs text-stone">
                Leave it empty and save to restore the site's default text.
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
            {conflict ? (
              <div role="alert" className="space-y-2 border border-gold-400 bg-gold-200/40 px-4 py-3 text-sm text-ink">
                <p className="font-medium text-forest-900">
                  {`Not saved: this block was changed at ${formatAdminDate(conflict.block.updatedAt)}${conflict.by ? ` by ${conflict.by}` : ""} since you opened it.`}
                </p>
                <p>
                  Your text is still in the box above; nothing you typed is lost. Load the saved text to start again from it, or save yours over it.{" "}
                  <button type="button" onClick={() => takeSavedVersion(conflict.block)} className="text-forest-900 underline underline-offset-4">
                    Load the saved text (drops yours)
                  </button>
                </p>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={saving} className="btn-primary !px-5 !py-2.5 disabled:cursor-wait disabled:opacity-60">
                {saving ? "Saving..." : "Save Changes"}
              </button>
              {conflict ? (
                <button
                  type="submit"
                  name="overwrite"
                  value={versionOf(conflict.block)}
                  disabled={saving}
                  className="btn-secondary !px-5 !py-2.5 disabled:opacity-60"
                >
                  Save mine anyway
                </button>
              ) : null}
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

/** Where visitors see the block: "Home page · About section", each a link to that spot on the site. */
function BlockPlacements({ block }: { block: AdminContentBlock }) {
  return (
    <div className="mt-3 flex items-start gap-2 text-xs text-stone">
      <MapPin aria-hidden className="mt-px h-3.5 w-3.5 shrink-0 text-gold-600" />
      {block.placements.length === 0 ? (
        <span>Not shown on the site: no page reads this key yet.</span>
      ) : (
        <ul aria-label={`Where ${block.key} appears`} className="flex min-w-0 flex-wrap gap-x-4 gap-y-1">
          {block.placements.map((placement) => (
            <li key={placement.href + placement.section}>
              <Link to={placement.href} className="text-forest-900 underline decoration-gold-500/60 underline-offset-4 hover:decoration-gold-500">
                {placement.page} · {placement.section}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
