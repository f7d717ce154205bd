import { Download, X } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { SearchInput } from "#app/components/ui/search-input";
import {
  CATEGORY_FILTER_OPTIONS,
  filtersToSearch,
  hasFilters,
  INTEREST_FILTER_OPTIONS,
  SEARCH_MAX_LENGTH,
  type EnquiryFilters,
} from "#app/domain/enquiry-filters";
import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES } from "#app/domain/enquiry-pipeline-status";
import type { StaffOption } from "#app/domain/enquiry-views";

const CONTROL = "h-11 w-full border border-linen bg-white px-3 text-sm text-ink outline-none focus:border-forest-700";
const LABEL = "mb-1.5 block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase";

/**
 * The inbox's filters as a GET form: every filter is in the URL, so a view can be shared, reloaded and
 * exported, and the form works without JavaScript (Apply). With JavaScript a changed select applies at once.
 */
export function EnquiryFiltersForm({ filters, staff }: { filters: EnquiryFilters; staff: StaffOption[] }) {
  const submit = useSubmit();
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    void submit(event.currentTarget.form, { replace: true, preventScrollReset: true });
  const select = (name: keyof EnquiryFilters, label: string, options: { value: string; label: string }[], all: string) => (
    <div>
      <label htmlFor={`filter-${name}`} className={LABEL}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={String(filters[name] ?? "")} onChange={applyNow} className={CONTROL}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="get" role="search" aria-label="Filter enquiries" className="mt-8 border border-linen bg-white/70 p-4 sm:p-6">
      <SearchInput
        id="filter-q"
        label="Search by name, e-mail, phone, message or reference"
        name="q"
        defaultValue={filters.q ?? ""}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search name, e-mail, phone, message or reference..."
        inputClassName="h-12 border-linen bg-white"
      />
      <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {select(
          "status",
          "Status",
          PIPELINE_STATUSES.map((status) => ({ value: status, label: PIPELINE_STATUS_LABELS[status] })),
          "All statuses",
        )}
        {select(
          "interest",
          "Interest",
          INTEREST_FILTER_OPTIONS.map((interest) => ({ value: interest, label: interest })),
          "All interests",
        )}
        {select("category", "Source", CATEGORY_FILTER_OPTIONS, "All sources")}
        {select(
          "assignee",
          "Assignee",
          [{ value: "unassigned", label: "Unassigned" }, ...staff.map((member) => ({ value: member.id, label: member.name || member.email }))],
          "Anyone",
        )}
        <div>
          <label htmlFor="filter-from" className={LABEL}>
            From
          </label>
          <input id="filter-from" type="date" name="from" defaultValue={filters.from ?? ""} className={CONTROL} />
        </div>
        <div>
          <label htmlFor="filter-to" className={LABEL}>
            To
          </label>
          <input id="filter-to" type="date" name="to" defaultValue={filters.to ?? ""} className={CONTROL} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary h-11">
          Apply filters
        </button>
        {hasFilters(filters) ? (
          <Link to="/edit/enquiries" className="inline-flex h-11 items-center gap-2 px-3 text-sm text-forest-900 underline-offset-4 hover:underline">
            <X aria-hidden className="h-4 w-4" /> Clear filters
          </Link>
        ) : null}
        <a
          href={`/edit/enquiries/export.csv${filtersToSearch(filters)}`}
          download
          className="ml-auto inline-flex h-11 items-center gap-2 border border-forest-900/30 px-4 text-[0.72rem] font-medium tracking-[0.16em] text-forest-900 uppercase hover:bg-forest-900 hover:text-ivory"
        >
          <Download aria-hidden className="h-4 w-4" /> Export CSV
        </a>
      </div>
    </Form>
  );
}
