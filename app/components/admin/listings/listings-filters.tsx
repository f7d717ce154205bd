import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { SearchInput } from "#app/components/ui/search-input";
import { CATEGORY_LIST } from "#app/domain/categories";
import { LISTING_STATUSES, STATUS_INFO } from "#app/domain/listing-status";
import { ADMIN_LISTING_SORTS, defaultDirection, directionLabel, isAdminListingSort, type AdminListingQuery } from "#app/domain/listings-admin";

const SEARCH_DEBOUNCE_MS = 300;
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const selectClass = "h-10 border border-linen bg-white px-3 text-sm text-ink focus:border-gold-500 focus:outline-none";

/**
 * Search by title, category, status, sort and direction: a GET form, so the table is rendered on the server, can
 * be shared and works without JavaScript (Apply). With it, choices apply at once and typing after a pause,
 * replacing the history entry; choosing another order starts it in its usual direction.
 */
export function ListingsFilters({ query }: { query: AdminListingQuery }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [q, setQ] = useState(query.q);
  const [urlQ, setUrlQ] = useState(query.q);
  if (urlQ !== query.q) {
    setUrlQ(query.q);
    setQ(query.q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = () => formRef.current && void submit(formRef.current, { replace: true, preventScrollReset: true });

  return (
    <Form ref={formRef} method="get" role="search" aria-label="Find listings" className="flex flex-wrap items-end gap-3">
      <SearchInput
        label="Search listings by title"
        name="q"
        value={q}
        onChange={(event) => {
          setQ(event.target.value);
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
        }}
        placeholder="Search by title..."
        maxLength={100}
        className="w-full sm:w-64"
        inputClassName="h-10 border-linen bg-white"
      />
      <label className="flex flex-col gap-1 text-xs font-medium text-stone">
        Category
        <select name="category" defaultValue={query.category} key={`c-${query.category}`} onChange={apply} className={selectClass}>
          <option value="">All categories</option>
          {CATEGORY_LIST.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-stone">
        Status
        <select name="status" defaultValue={query.status} key={`s-${query.status}`} onChange={apply} className={selectClass}>
          <option value="">Any status</option>
          {LISTING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_INFO[status].label}
            </option>
          ))}
          <option value="hidden">Hidden by staff</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-stone">
        Sort by
        <select
          name="sort"
          defaultValue={query.sort}
          key={`o-${query.sort}`}
          onChange={(event) => {
            const direction = formRef.current?.elements.namedItem("dir");
            const sort = event.currentTarget.value;
            if (direction instanceof HTMLSelectElement && isAdminListingSort(sort)) direction.value = defaultDirection(sort);
            apply();
          }}
          className={selectClass}
        >
          {ADMIN_LISTING_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-stone">
        Direction
        <select name="dir" defaultValue={query.direction} key={`d-${query.sort}-${query.direction}`} onChange={apply} className={selectClass}>
          {(["asc", "desc"] as const).map((direction) => (
            <option key={direction} value={direction}>
              {capitalised(directionLabel(query.sort, direction))}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn-primary !h-10 !px-4 !py-0">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
