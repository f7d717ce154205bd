import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import {
  adminListingSearchParams,
  defaultDirection,
  directionLabel,
  type AdminListingQuery,
  type AdminListingSort,
} from "#app/domain/listings-admin";

/**
 * A column header that sorts the table: a plain link (it works without JavaScript and can be shared), keeping the
 * search and filters and going back to page 1. A first click sorts in the column's usual direction, the next one
 * turns it round. The header says how the table is sorted (aria-sort) and the link what it will do.
 */
export function SortHeader({ label, sort, query }: { label: string; sort: AdminListingSort; query: AdminListingQuery }) {
  const active = query.sort === sort;
  const next = active ? (query.direction === "asc" ? "desc" : "asc") : defaultDirection(sort);
  const Icon = active ? (query.direction === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : undefined} className="px-3 py-3 font-medium">
      <Link
        to={`?${adminListingSearchParams({ ...query, sort, direction: next, page: 1 })}`}
        preventScrollReset
        aria-label={`${label}, sort ${directionLabel(sort, next)}`}
        className={`inline-flex items-center gap-1.5 uppercase transition-colors hover:text-forest-900 ${active ? "text-forest-900" : ""}`}
      >
        {label}
        <Icon aria-hidden className={`h-3 w-3 ${active ? "" : "opacity-40"}`} />
      </Link>
    </th>
  );
}
