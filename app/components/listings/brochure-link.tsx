import { FileDown } from "#app/components/ui/icons/file-down";
import { brochurePath } from "#app/domain/brochure";

/**
 * "Download brochure": the listing's PDF (routes/resources/listing-brochure.ts). A plain link, so the browser
 * downloads it with or without JavaScript (the client router never tries to render a PDF as a page).
 */
export function BrochureLink({ listing }: { listing: { category: string; slug: string } }) {
  return (
    <a
      href={brochurePath(listing)}
      download
      className="inline-flex items-center gap-2 border border-forest-900/20 px-5 py-3 text-xs font-medium tracking-[0.18em] text-forest-900 uppercase transition-colors hover:border-gold-500 hover:text-gold-700"
    >
      <FileDown aria-hidden="true" className="h-4 w-4" strokeWidth={1.5} />
      Download brochure
      <span className="sr-only"> (PDF)</span>
    </a>
  );
}
