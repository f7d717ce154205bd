import { stringify } from "csv-stringify/sync";
import type { Database } from "#app/db/client.server";
import { ENQUIRY_DELIVERY_LABELS } from "#app/domain/enquiry-delivery";
import { contactPreference, intentLabel } from "#app/domain/enquiry-intents";
import type { EnquiryFilters } from "#app/domain/enquiry-filters";
import { PIPELINE_STATUS_LABELS } from "#app/domain/enquiry-pipeline-status";
import { fullName, type EnquirySummary } from "#app/domain/enquiry-views";
import { enquirySourceLabel } from "#app/domain/shortlist";
import { enquiriesForExport } from "#app/models/enquiries-admin.server";

export const CSV_COLUMNS = [
  "Reference",
  "Received (UTC)",
  "Name",
  "E-mail",
  "Phone",
  "Interest",
  "Source",
  "Listing URL",
  "Next step",
  "Preferred contact",
  "Status",
  "Assignee",
  "E-mail delivery",
  "Message",
] as const;

/**
 * Rows of the CSV, spreadsheet-safe: csv-stringify's `escape_formulas` puts an apostrophe before any value
 * that starts with =, +, -, @, a tab or a carriage return (and their full-width forms), so a spreadsheet
 * shows a visitor's `=HYPERLINK(...)` as text instead of running it. That looks at a value's first character only, so
 * a value holding any line break is quoted too: a bare line feed (a scripted post sends one; a browser sends CR LF)
 * would otherwise start a new row with whatever the visitor put after it, a formula included.
 */
export function enquiryCsvRows(items: EnquirySummary[], siteUrl: string, { header = false } = {}): string {
  return stringify(
    items.map((item) => [
      item.reference,
      new Date(item.createdAt).toISOString().replace("T", " ").slice(0, 16),
      fullName(item),
      item.email,
      item.phone,
      item.interest,
      enquirySourceLabel(item.listingPath, item.listingTitle),
      item.listingPath ? `${siteUrl}${item.listingPath}` : "",
      intentLabel(item.intent) ?? "",
      contactPreference(item.contactMethod, item.contactTime) ?? "",
      PIPELINE_STATUS_LABELS[item.pipelineStatus],
      item.assigneeName ?? "",
      ENQUIRY_DELIVERY_LABELS[item.delivery],
      item.excerpt,
    ]),
    { header, columns: header ? [...CSV_COLUMNS] : undefined, escape_formulas: true, record_delimiter: "windows", quote_record_delimiter: true },
  );
}

/**
 * The export of a filter as a stream: one page of 500 enquiries is read, written and dropped before the
 * next, so a large export never holds the whole inbox in memory. Starts with a byte-order mark so Excel
 * reads accented names as UTF-8.
 */
export function enquiryCsvStream(db: Database, filters: Omit<EnquiryFilters, "page">, siteUrl: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = enquiriesForExport(db, filters);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${stringify([[...CSV_COLUMNS]], { record_delimiter: "windows" })}`));
        return;
      }
      const next = await pages.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(enquiryCsvRows(next.value, siteUrl)));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
