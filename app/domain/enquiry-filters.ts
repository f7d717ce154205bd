import { isCategoryId, type CategoryId } from "./category-ids";
import { CATEGORY_LIST } from "./categories";
import { isPipelineStatus, type PipelineStatus } from "./enquiry-pipeline-status";
import { SHORTLIST_INTEREST } from "./enquiry-schemas";

/**
 * The inbox's filters, all in the URL (?status=&interest=&category=&assignee=&from=&to=&q=&page=), so a view
 * can be shared, bookmarked, exported as CSV and used without JavaScript. Unknown values are ignored.
 */
export type EnquiryFilters = {
  status?: PipelineStatus;
  /** An enquiry's interest: a category's interest name, or "General". */
  interest?: string;
  /** Where it came from: a listing of this category, a shortlist (one enquiry about several listings), or the Contact page. */
  category?: EnquirySource;
  /** A staff member's id, or "unassigned". */
  assignee?: string;
  /** Inclusive days, YYYY-MM-DD (UTC). */
  from?: string;
  to?: string;
  /** Name, e-mail, phone, message or reference (WS-XXXXXXXX). */
  q?: string;
  page: number;
};

export const INTEREST_FILTER_OPTIONS = [...CATEGORY_LIST.map((category) => category.interest), SHORTLIST_INTEREST, "General"];
export type EnquirySource = CategoryId | "shortlist" | "contact";
export const CATEGORY_FILTER_OPTIONS: { value: EnquirySource; label: string }[] = [
  ...CATEGORY_LIST.map((category) => ({ value: category.id, label: category.name })),
  { value: "shortlist", label: "Shortlists" },
  { value: "contact", label: "Contact page" },
];
export const SEARCH_MAX_LENGTH = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export function parseEnquiryFilters(params: URLSearchParams): EnquiryFilters {
  const status = params.get("status");
  const interest = params.get("interest");
  const category = params.get("category");
  const assignee = params.get("assignee")?.trim();
  const from = params.get("from");
  const to = params.get("to");
  const q = params.get("q")?.trim().slice(0, SEARCH_MAX_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: isPipelineStatus(status) ? status : undefined,
    interest: interest && INTEREST_FILTER_OPTIONS.includes(interest) ? interest : undefined,
    category: category && (isCategoryId(category) || category === "shortlist" || category === "contact") ? category : undefined,
    assignee: assignee && /^[\w-]{1,64}$/.test(assignee) ? assignee : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    q: q || undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The query string of a filter (without the page unless asked), for links, paging and the CSV export. */
export function filtersToSearch(filters: Partial<EnquiryFilters>, { page }: { page?: number } = {}): string {
  const params = new URLSearchParams();
  for (const key of ["status", "interest", "category", "assignee", "from", "to", "q"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: EnquiryFilters): boolean {
  return Boolean(filters.status || filters.interest || filters.category || filters.assignee || filters.from || filters.to || filters.q);
}

/** Letters, digits, dots and hyphens, or beyond ASCII: what a domain can be typed with. A space, slash or colon is not. */
const DOMAIN_TEXT = /^[A-Za-z0-9.\-\u0080-\uffff]+$/;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * A search for an address or domain in another script (jose@bücher.de, bücher.de, @bücher) in the ASCII form the
 * enquiry forms store addresses in (jose@xn--bcher-kva.de, see email-address.ts), so the inbox finds them by what staff
 * type; the text as typed is searched for too. Undefined when the part after the last @ is not such a domain. Whole
 * labels are converted, so "bücher" finds xn--bcher-kva.de while part of one ("büch") cannot.
 * The URL parser does the conversion (in every browser and in Node), the same as the forms.
 */
export function asciiDomainSearch(q: string): string | undefined {
  const at = q.lastIndexOf("@");
  const domain = q.slice(at + 1);
  if (!NON_ASCII.test(domain) || !DOMAIN_TEXT.test(domain)) return undefined;
  try {
    return q.slice(0, at + 1) + new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
}
