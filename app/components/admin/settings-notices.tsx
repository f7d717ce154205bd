import { useEffect, useRef } from "react";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { countOf } from "#app/domain/plural";
import { CONFIRM_RETENTION_FIELD, SITE_SETTING_LABELS, type RetentionShortening, type SettingsConflict } from "#app/domain/site-settings";

/** One retention question per page: its button is described by the consequence it confirms. */
const RETENTION_TITLE_ID = "retention-question-title";
const RETENTION_CONSEQUENCE_ID = "retention-question-consequence";

/** A save refused because someone else changed a field it changed: which, who and when; the form offers to replace theirs. */
export function SettingsConflictNotice({ conflict }: { conflict: SettingsConflict }) {
  const names = conflict.fields.map((key) => SITE_SETTING_LABELS[key]);
  const named = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    <div role="alert" className="mt-8 space-y-2 border border-gold-400 bg-gold-200/40 px-5 py-4 text-sm text-ink">
      <p className="font-medium text-forest-900">
        {`Not saved: ${named} ${names.length === 1 ? "was" : "were"} changed${conflict.by ? ` by ${conflict.by}` : ""}${conflict.at ? ` at ${formatAdminDate(conflict.at)}` : ""} since you opened this page.`}
      </p>
      <p>
        Your changes are still in the form below; nothing you typed is lost. Reload the page to see the saved values, or choose “Save mine anyway”
        under the form.
      </p>
    </div>
  );
}

/** The question's words, apart from the markup so they can be read (and tested) as the Owner reads them. */
export function retentionQuestionText({ from, to, outside, receivedBefore, deletedBy }: RetentionShortening) {
  const period = countOf(to, "month");
  const one = outside === 1;
  return {
    title: `Shorten the retention period from ${from} to ${period}?`,
    consequence:
      outside > 0
        ? `${countOf(outside, "stored enquiry", "stored enquiries")} ${one ? "is" : "are"} older than ${period} (received before ${formatAdminDate(receivedBefore)}). The daily clean-up will delete ${one ? "it" : "them"} for good, with ${one ? "its" : "their"} e-mails and notes, by ${formatAdminDate(deletedBy)}.`
        : `No stored enquiry is older than ${period} (received before ${formatAdminDate(receivedBefore)}), so none is deleted now; from now on, enquiries are deleted once they are ${period} old.`,
    keep: `Nothing has been saved yet, and your changes are still in the form. To keep ${outside > 0 ? (one ? "that enquiry" : "those enquiries") : `the ${from}-month period`}, set “${SITE_SETTING_LABELS.retentionMonths}” back to ${from}, then save.`,
    confirm: outside > 0 ? `Shorten to ${period} and delete ${countOf(outside, "enquiry", "enquiries")}` : `Shorten to ${period}`,
  };
}

/** At the top of the page, where a refused save's message goes: the question itself waits by the field it is about. */
export function RetentionPendingNotice() {
  return (
    <p className="mt-8 border border-gold-400 bg-gold-200/40 px-4 py-3 text-sm text-ink">
      Not saved yet: a shorter retention period needs your confirmation, under “Personal data” below.
    </p>
  );
}

/**
 * A save that would shorten the retention period, held back by the server until confirmed: how many stored enquiries
 * that deletes, and by when. It stands just above the form's buttons; RetentionConfirmButton answers it.
 */
export function RetentionQuestion({ shortening }: { shortening: RetentionShortening }) {
  const region = useRef<HTMLElement>(null);
  const text = retentionQuestionText(shortening);
  // Save was pressed just below: keyboard and screen-reader users are taken to the question, not to its button, so a
  // second Enter confirms nothing. The button comes after "Save settings", so Enter in a field asks again instead.
  useEffect(() => region.current?.focus(), [shortening]);
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={RETENTION_TITLE_ID}
      className="space-y-3 border border-red-800/30 bg-white/70 p-5 text-sm text-ink outline-none focus-visible:ring-2 focus-visible:ring-gold-500 sm:p-6"
    >
      <h2 id={RETENTION_TITLE_ID} className="font-display text-xl text-red-900">
        {text.title}
      </h2>
      <p id={RETENTION_CONSEQUENCE_ID}>{text.consequence}</p>
      <p className="text-stone">{text.keep}</p>
    </section>
  );
}

/** Saves the form with the confirmation of this very period (a plain submit button, so it works without JavaScript). */
export function RetentionConfirmButton({ shortening, saving }: { shortening: RetentionShortening; saving: boolean }) {
  return (
    <button
      type="submit"
      name={CONFIRM_RETENTION_FIELD}
      value={String(shortening.to)}
      disabled={saving}
      aria-describedby={RETENTION_CONSEQUENCE_ID}
      className="inline-flex h-11 items-center border border-red-800 bg-red-800 px-5 text-[0.72rem] font-medium tracking-[0.16em] text-ivory uppercase hover:bg-red-900 disabled:opacity-60"
    >
      {retentionQuestionText(shortening).confirm}
    </button>
  );
}
