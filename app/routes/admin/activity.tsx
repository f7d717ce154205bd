import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/activity";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminPagination } from "#app/components/admin/admin-pagination";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { servicesContext } from "#app/db/context";
import { parseAuditFilters, type AuditFilters } from "#app/domain/audit-filters";
import { auditFieldLabel } from "#app/domain/audit-fields";
import { AUDIT_KINDS } from "#app/domain/audit-kinds";
import { countOf } from "#app/domain/plural";
import { listAuditActors, listAuditEvents } from "#app/models/audit-trail.server";
import { requireStaff } from "#app/services/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "activity");
  const { db } = context.get(servicesContext);
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const [trail, actors] = await Promise.all([listAuditEvents(db, filters), listAuditActors(db)]);
  return { ...trail, actors, filters };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function search(filters: AuditFilters, page = 1) {
  const params = new URLSearchParams();
  for (const key of ["actor", "kind", "from", "to"] as const) if (filters[key]) params.set(key, filters[key]);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

const LABEL = "mb-1.5 block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase";
const CONTROL = "h-11 w-full border border-linen bg-white px-3 text-sm text-ink outline-none focus:border-forest-700";

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { events, total, page, pages, actors, filters } = loaderData;
  const submit = useSubmit();
  const kindLabel = new Map(AUDIT_KINDS.map((kind) => [kind.value, kind.label]));
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) =>
    void submit(event.currentTarget.form, { replace: true, preventScrollReset: true });
  return (
    <div>
      <title>Activity | Admin</title>
      <AdminPageHeader
        eyebrow="Owner"
        title="Activity"
        intro="Who changed what, and when: listings, content blocks, media, users, settings and enquiries, with the before and after of each changed field."
      />
      <Form
        method="get"
        aria-label="Filter the activity"
        key={search(filters)}
        className="mt-8 grid grid-cols-2 gap-3 border border-linen bg-white/70 p-4 sm:p-6 md:grid-cols-5"
      >
        <div>
          <label htmlFor="activity-actor" className={LABEL}>
            Person
          </label>
          <select id="activity-actor" name="actor" defaultValue={filters.actor ?? ""} onChange={applyNow} className={CONTROL}>
            <option value="">Everyone</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-kind" className={LABEL}>
            Kind
          </label>
          <select id="activity-kind" name="kind" defaultValue={filters.kind ?? ""} onChange={applyNow} className={CONTROL}>
            <option value="">Everything</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-from" className={LABEL}>
            From
          </label>
          <input id="activity-from" type="date" name="from" defaultValue={filters.from ?? ""} className={CONTROL} />
        </div>
        <div>
          <label htmlFor="activity-to" className={LABEL}>
            To
          </label>
          <input id="activity-to" type="date" name="to" defaultValue={filters.to ?? ""} className={CONTROL} />
        </div>
        <div className="col-span-2 flex items-end gap-3 md:col-span-1">
          <button type="submit" className="btn-primary h-11">
            Apply
          </button>
          {search(filters) ? (
            <Link to="/edit/activity" className="text-sm text-forest-900 underline-offset-4 hover:underline">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mt-6 text-sm text-stone">{countOf(total, "event")}</p>
      {events.length === 0 ? (
        <p className="mt-10 text-center font-display text-2xl text-stone">Nothing recorded for this filter.</p>
      ) : (
        <ol className="mt-3 divide-y divide-linen border border-linen bg-white/70">
          {events.map((event) => (
            <li key={event.id} className="px-4 py-4 sm:px-6">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="text-sm text-ink">
                  <span className="font-medium text-forest-900">{event.actorLabel}</span> {event.action}{" "}
                  <span className="text-stone">{kindLabel.get(event.kind)?.toLowerCase() ?? event.kind}</span>
                  {event.subjectLabel ? <span className="font-medium"> {event.subjectLabel}</span> : null}
                </p>
                <time dateTime={new Date(event.at).toISOString()} className="text-xs text-stone">
                  {formatAdminDate(event.at)}
                </time>
              </div>
              {Object.keys(event.changes).length ? (
                <dl className="mt-2 grid gap-1 text-xs sm:grid-cols-[12rem_1fr]">
                  {Object.entries(event.changes).map(([field, change]) => (
                    <div key={field} className="contents">
                      <dt className="text-stone">{auditFieldLabel(event.kind, field)}</dt>
                      <dd className="min-w-0 break-words text-ink">
                        <del className="text-red-800/80">{show(change.before)}</del> <span aria-hidden>→</span>
                        <span className="sr-only"> changed to </span> <ins className="text-forest-700 no-underline">{show(change.after)}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <AdminPagination page={page} pages={pages} href={(target) => `/edit/activity${search(filters, target)}`} />
    </div>
  );
}
