import { Link } from "react-router";
import { SmartImage } from "#app/components/media/smart-image";
import { CATEGORIES } from "#app/domain/categories";
import { formatPrice } from "#app/domain/listing-price";
import type { AdminListingQuery, AdminListingRow } from "#app/domain/listings-admin";
import { countOf } from "#app/domain/plural";
import { ListingStatusBadge, VisibilityLabel } from "./listing-status-badge";
import { SortHeader } from "./sort-header";
import { TrendChart } from "./trend-chart";

// Fixed locale and time zone, so the server's HTML and the browser's render agree.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** Below md each row becomes a card: cells stack, each with its column name before it. */
const cell = "px-3 py-3 align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5";
const label =
  "max-md:before:text-[0.68rem] max-md:before:font-medium max-md:before:tracking-[0.14em] max-md:before:text-stone max-md:before:uppercase max-md:before:content-[attr(data-label)]";

/**
 * All listings with what staff scan for: picture, title, category, price, status, visibility, views and enquiries,
 * last update. The headers of the columns that can be sorted are links that sort.
 */
export function ListingsTable({ items, query }: { items: AdminListingRow[]; query: AdminListingQuery }) {
  return (
    <table className="w-full border-collapse text-sm max-md:block">
      <caption className="sr-only">Listings</caption>
      <thead className="border-b border-linen text-left text-[0.68rem] tracking-[0.14em] text-stone uppercase max-md:hidden">
        <tr>
          <th scope="col" className="px-3 py-3 font-medium">
            <span className="sr-only">Photo</span>
          </th>
          <SortHeader label="Listing" sort="title" query={query} />
          <SortHeader label="Category" sort="category" query={query} />
          <SortHeader label="Price" sort="price" query={query} />
          <SortHeader label="Status" sort="status" query={query} />
          <th scope="col" className="px-3 py-3 font-medium">
            Visibility
          </th>
          <SortHeader label="Views 7 / 30 days" sort="views" query={query} />
          <th scope="col" className="px-3 py-3 font-medium">
            Enquiries 7 / 30
          </th>
          <SortHeader label="Last update" sort="updated" query={query} />
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-4">
        {items.map((item) => (
          <tr
            key={item.id}
            data-testid="listing-row"
            className="border-b border-linen bg-white/60 transition-colors hover:bg-sand/50 max-md:block max-md:border max-md:p-4"
          >
            <td className="w-20 px-3 py-3 max-md:float-left max-md:mr-4 max-md:w-auto max-md:p-0">
              <SmartImage
                src={item.cover}
                alt=""
                width={72}
                height={54}
                sizes="72px"
                widths={[240]}
                theme={item.category}
                className="h-[54px] w-[72px] [&_.image-mark_svg]:h-5 [&_.image-mark_svg]:w-5"
              />
            </td>
            {/* A title is one long word if staff type it so; breaking it anywhere keeps the table inside the screen. */}
            <td className="px-3 py-3 align-middle wrap-anywhere max-md:block max-md:min-h-[54px] max-md:p-0">
              <Link to={`/edit/listings/${item.id}`} className="font-display text-base text-forest-900 hover:underline">
                {item.title}
              </Link>
              <p className="mt-0.5 text-xs text-stone">
                {countOf(item.photoCount, "photo")}
                {item.isSample ? " · sample content to complete" : ""}
              </p>
            </td>
            <td data-label="Category" className={`${cell} ${label} whitespace-nowrap`}>
              {CATEGORIES[item.category].name}
            </td>
            <td data-label="Price" className={`${cell} ${label} whitespace-nowrap tabular-nums`}>
              {formatPrice(item.price)}
            </td>
            <td data-label="Status" className={`${cell} ${label}`}>
              <ListingStatusBadge status={item.status} />
            </td>
            <td data-label="Visibility" className={`${cell} ${label}`}>
              <VisibilityLabel status={item.status} visible={item.visible} />
            </td>
            <td data-label="Views 7 / 30 days" className={`${cell} ${label}`}>
              <span className="flex items-center gap-3">
                <span className="whitespace-nowrap tabular-nums">
                  {item.stats.views7} / {item.stats.views30}
                </span>
                <TrendChart values={item.stats.trend} label="Daily views over the last 30 days" width={90} height={22} className="text-forest-900" />
              </span>
            </td>
            <td data-label="Enquiries 7 / 30" className={`${cell} ${label} whitespace-nowrap tabular-nums`}>
              {item.stats.enquiries7} / {item.stats.enquiries30}
            </td>
            <td data-label="Last update" className={`${cell} ${label} whitespace-nowrap text-stone`}>
              <time dateTime={item.updatedAt}>{dateFormat.format(new Date(item.updatedAt))}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
