import type { PublicSettings } from "#app/domain/site-settings";

/**
 * How to reach the team, on paper only: the printed page has no form or buttons, so it spells out what the
 * seller card's Call and WhatsApp buttons and the enquiry form stand for, and where the listing lives online.
 */
export function PrintContact({
  settings,
  listingUrl,
}: {
  settings: Pick<PublicSettings, "contactEmail" | "phone" | "whatsapp" | "workingHours">;
  listingUrl: string;
}) {
  const rows = [
    { label: "E-mail", value: settings.contactEmail },
    { label: "Telephone", value: settings.phone },
    { label: "WhatsApp", value: settings.whatsapp },
    { label: "Hours", value: settings.workingHours },
    { label: "Online", value: listingUrl },
  ].filter((row) => row.value);
  return (
    <div className="hidden border-t border-ink/10 p-6 print:block" data-print="only">
      <p className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">Enquiries</p>
      <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-stone">{row.label}</dt>
            <dd className="text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
