import { SlidersHorizontal } from "#app/components/ui/icons/sliders-horizontal";
import { useId, useState, type SyntheticEvent } from "react";
import { Form, Link, NavigationType, useNavigationType, useSubmit } from "react-router";
import { closeDropdown, Dropdown } from "#app/components/ui/dropdown";
import { SearchInput } from "#app/components/ui/search-input";
import type { Category } from "#app/domain/categories";
import { listingSearchParams, type ListingQuery } from "#app/domain/listing-query";
import { BEDROOM_OPTIONS, priceRangesBetween, PROPERTY_TYPES, SORT_BUTTON_LABELS, SORT_LABELS, YEAR_BUCKETS } from "#app/domain/listing-rules";
import type { LocationOption } from "#app/domain/listing-views";
import { agreeing } from "#app/domain/plural";

type FilterBarProps = { category: Category; query: ListingQuery; locations: LocationOption[] };

// The label above it is small letter-spaced capitals; the choice inside reads as ordinary text (site.css, select).
const selectClass =
  "mt-1 h-11 w-full border border-ink/15 bg-ivory px-3 text-sm text-ink focus:border-forest-700 focus:outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-gold-500";

/**
 * Search, filters and sort, all kept in the URL. Without JavaScript it is a plain GET form and links;
 * with it, every keystroke and choice updates the results (typing replaces the history entry).
 */
export function FilterBar({ category, query, locations }: FilterBarProps) {
  const submit = useSubmit();
  // Each field keeps its own value while the new results load, and is never remounted: a keyboard user
  // stepping through a select with the arrow keys keeps focus on it.
  const [q, setQ, qId] = useUrlBackedState(query.q);
  const [location, setLocation, locationId] = useUrlBackedState(query.location);
  const [bedrooms, setBedrooms, bedroomsId] = useUrlBackedState(query.bedrooms);
  const [type, setType, typeId] = useUrlBackedState(query.type);
  const [year, setYear, yearId] = useUrlBackedState(query.year);
  const [price, setPrice, priceId] = useUrlBackedState(query.price);

  function update(event: SyntheticEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typing = (event.target as HTMLElement).tagName === "INPUT";
    const { sold, ...values } = Object.fromEntries(new FormData(form)) as Partial<Record<keyof ListingQuery, string>>;
    const params = listingSearchParams({ ...values, sold: sold === "1", sort: query.sort, page: 1 });
    void submit(params, { method: "get", replace: typing, preventScrollReset: true });
  }

  const activeFilters = [query.location, query.bedrooms, query.type, query.year, query.price, query.sold].filter(Boolean).length;
  const sortHref = (sort: string) => `?${listingSearchParams({ ...query, sort: sort as ListingQuery["sort"], page: 1 })}`;

  return (
    <div className="sticky top-16 z-30 border-b border-ink/10 bg-ivory/95 backdrop-blur-md sm:top-20">
      <Form
        method="get"
        // Sent the plain way (no JavaScript yet), the new page opens at its results, not at the hero above them.
        action="#results"
        role="search"
        // A choice made before the page hydrates sends the form the plain way (scripts-after-first-paint).
        data-submit-on-change
        onChange={update}
        onSubmit={(event) => {
          event.preventDefault();
          update(event);
        }}
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-8"
      >
        <SearchInput
          label="Search listings"
          id={qId}
          name="q"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Search listings..."
          maxLength={100}
          className="min-w-0 flex-1 basis-full sm:basis-auto"
          inputClassName="h-11 border-ink/15"
        />
        {query.sort !== "featured" && <input type="hidden" name="sort" value={query.sort} />}

        <Dropdown
          label={
            <>
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
              Filters
              {activeFilters > 0 && <span className="ml-1 rounded-full bg-forest-900 px-1.5 text-xs text-ivory">{activeFilters}</span>}
            </>
          }
          panelClassName="w-72 space-y-4 p-4"
        >
          <label className="block text-xs font-medium uppercase tracking-[0.15em] text-stone">
            Location
            <select id={locationId} name="location" value={location} onChange={(event) => setLocation(event.target.value)} className={selectClass}>
              <option value="">All Locations</option>
              {locations.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {category.filters.bedrooms && (
            <label className="block text-xs font-medium uppercase tracking-[0.15em] text-stone">
              Bedrooms
              <select id={bedroomsId} name="bedrooms" value={bedrooms} onChange={(event) => setBedrooms(event.target.value)} className={selectClass}>
                <option value="">Any</option>
                {BEDROOM_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {`${option} ${agreeing(Number.parseInt(option, 10), "Bedroom", "Bedrooms")}`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {category.filters.propertyType && (
            <label className="block text-xs font-medium uppercase tracking-[0.15em] text-stone">
              Property Type
              <select id={typeId} name="type" value={type} onChange={(event) => setType(event.target.value)} className={selectClass}>
                <option value="">Any Type</option>
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type.toLowerCase()}>
                    {type}
                  </option>
                ))}
              </select>
            </label>
          )}
          {category.filters.year && (
            <label className="block text-xs font-medium uppercase tracking-[0.15em] text-stone">
              Year
              <select id={yearId} name="year" value={year} onChange={(event) => setYear(event.target.value)} className={selectClass}>
                <option value="">All Years</option>
                {YEAR_BUCKETS.map((bucket) => (
                  <option key={bucket.value} value={bucket.value}>
                    {bucket.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="block text-xs font-medium uppercase tracking-[0.15em] text-stone">
            Price
            <select id={priceId} name="price" value={price} onChange={(event) => setPrice(event.target.value)} className={selectClass}>
              <option value="">Any Price</option>
              {priceRangesBetween(category.priceBounds).map((range) => (
                <option key={range.value} value={range.value}>
                  {range.label}
                </option>
              ))}
            </select>
          </label>
          {/* Sold listings stay reachable but leave the list, unless the visitor asks for them. */}
          <label className="flex items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="sold"
              value="1"
              defaultChecked={query.sold}
              key={`sold-${query.sold}`}
              className="h-4 w-4 accent-forest-800 focus-visible:outline-2 focus-visible:outline-gold-500"
            />
            Show sold listings
          </label>
          <div className="flex items-center justify-between pt-1">
            <Link
              to={`/${category.id}`}
              preventScrollReset
              className="-my-3 py-3 text-sm text-forest-800 underline decoration-gold-500 underline-offset-4"
            >
              Clear filters
            </Link>
            <noscript>
              <button type="submit" className="btn-primary !px-4 !py-2">
                Apply
              </button>
            </noscript>
          </div>
        </Dropdown>

        {category.sorts.length > 1 && (
          <Dropdown label={`Sort by: ${SORT_BUTTON_LABELS[query.sort]}`} align="right">
            <ul className="w-56">
              {category.sorts.map((sort) => (
                <li key={sort}>
                  <Link
                    to={sortHref(sort)}
                    preventScrollReset
                    onClick={(event) => closeDropdown(event.currentTarget)}
                    aria-current={query.sort === sort ? "true" : undefined}
                    className={`block px-3 py-2.5 text-sm transition-colors hover:bg-sand ${query.sort === sort ? "font-medium text-forest-900" : "text-ink/80"}`}
                  >
                    {SORT_LABELS[sort]}
                  </Link>
                </li>
              ))}
            </ul>
          </Dropdown>
        )}
      </Form>
    </div>
  );
}

/**
 * A field's value that follows the URL: it changes at once when the visitor types or chooses, and follows the URL
 * when it changes otherwise (back/forward, a shared link, Clear filters). While the visitor is in the field, the
 * URL of an earlier keystroke, arriving late, must not undo what they typed since; back/forward always wins.
 * (Adjusting state while rendering is React's way to derive state from a changed prop.)
 */
function useUrlBackedState(urlValue: string) {
  const id = useId();
  const navigationType = useNavigationType();
  const [value, setValue] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  if (seenUrlValue !== urlValue) {
    setSeenUrlValue(urlValue);
    const editingHere = typeof document !== "undefined" && document.activeElement?.id === id;
    if (!editingHere || navigationType === NavigationType.Pop) setValue(urlValue);
  }
  return [value, setValue, id] as const;
}
