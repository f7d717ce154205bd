import { SearchInput } from "#app/components/ui/search-input";
import { CONTENT_CATEGORIES } from "#app/domain/site-content";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import type { AdminContentBlock } from "#app/domain/admin-content";
import { ContentBlockCard } from "./content-block-card";
import { Spinner } from "./spinner";
import { countOf } from "#app/domain/plural";

export const SEARCH_DEBOUNCE_MS = 300;

type ListQuery = { search: string; category: string; pages: number };
type Page = { blocks: AdminContentBlock[]; offset: number; hasMore: boolean };

/**
 * Search (debounced 300 ms, on the key) and category select. Both live in the URL, replacing the history
 * entry, so the server renders the filtered list and a reload keeps it. Without JavaScript it is a GET form.
 */
export function ContentFilters({ query }: { query: ListQuery }) {
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(query.search);

  const apply = (changes: Partial<Record<"q" | "category", string>>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete("pages");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  useEffect(() => {
    if (search === query.search) return;
    const timer = setTimeout(() => apply({ q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the timer; apply() reads the latest URL itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return (
    <Form method="get" role="search" className="mt-8 flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
      <SearchInput
        id="content-search"
        label="Search content blocks"
        name="q"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search content blocks..."
        className="flex-1"
        inputClassName="h-12 border-linen bg-white"
      />
      <label htmlFor="content-category" className="sr-only">
        Filter by category
      </label>
      <select
        id="content-category"
        name="category"
        defaultValue={query.category}
        onChange={(event) => apply({ category: event.target.value })}
        className="h-12 border border-linen bg-white px-4 text-sm outline-none focus:border-forest-700 sm:w-56"
      >
        <option value="">All Categories</option>
        {CONTENT_CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {category.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-primary h-12">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/**
 * The cards, 20 at a time. Load More fetches the next 20 by offset and appends; it shows while the last
 * page came back with exactly 20 (spec point 4). Without JavaScript it links to ?pages=N+1.
 */
export function ContentList({
  initial,
  reloading,
}: {
  initial: { blocks: AdminContentBlock[]; query: ListQuery; hasMore: boolean };
  reloading: boolean;
}) {
  const more = useFetcher<Page>();
  const [blocks, setBlocks] = useState(initial.blocks);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [seen, setSeen] = useState(more.data);
  if (more.data !== seen) {
    setSeen(more.data);
    if (more.data) {
      const page = more.data;
      setBlocks((current) => [...current, ...page.blocks.filter((block) => !current.some((existing) => existing.id === block.id))]);
      setHasMore(page.hasMore);
    }
  }

  if (reloading) return <Spinner label="Loading content blocks" />;

  const params = new URLSearchParams();
  if (initial.query.search) params.set("q", initial.query.search);
  if (initial.query.category) params.set("category", initial.query.category);
  const loadMore = (event: React.MouseEvent) => {
    event.preventDefault();
    void more.load(`/edit/api/content-blocks?${params}${params.size ? "&" : ""}offset=${blocks.length}`);
  };

  return (
    <div className="mt-8">
      <p className="mb-4 text-xs tracking-[0.16em] text-stone uppercase" aria-live="polite">
        {blocks.length === 0 ? "No content blocks match" : `${countOf(blocks.length, "block")} shown`}
      </p>
      <div className="grid gap-5 xl:grid-cols-2">
        {blocks.map((block) => (
          <ContentBlockCard key={block.id} block={block} />
        ))}
      </div>
      {hasMore ? (
        <div className="mt-10 flex justify-center">
          <Link
            to={`?${new URLSearchParams([...params, ["pages", String(initial.query.pages + 1)]])}`}
            onClick={loadMore}
            preventScrollReset
            aria-disabled={more.state !== "idle"}
            className="border border-forest-900 px-8 py-3 text-xs font-medium tracking-[0.2em] text-forest-900 uppercase transition-colors duration-200 hover:bg-forest-900 hover:text-ivory"
          >
            {more.state !== "idle" ? "Loading..." : "Load More"}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
