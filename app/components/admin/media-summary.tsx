import { Files, HardDrive, ShieldCheck } from "lucide-react";
import { formatBytes } from "#app/domain/upload-rules";
import { agreeing } from "#app/domain/plural";

function Card({ icon: Icon, label, children }: { icon: typeof Files; label: string; children: React.ReactNode }) {
  return (
    <div className="border border-linen bg-white/70 p-6">
      <div className="flex items-center gap-3">
        <Icon aria-hidden className="h-5 w-5 text-gold-600" strokeWidth={1.5} />
        <h2 className="text-[0.7rem] font-medium tracking-[0.2em] text-stone uppercase">{label}</h2>
      </div>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** The three summary cards, with real figures: bytes stored against the quota, and the file count. */
export function MediaSummary({ usedBytes, quotaBytes, files }: { usedBytes: number; quotaBytes: number; files: number }) {
  const percent = Math.min(100, (usedBytes / quotaBytes) * 100);
  const shown = percent > 0 && percent < 1 ? "<1" : String(Math.round(percent));
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card icon={HardDrive} label="Storage used">
        <p className="font-display text-3xl text-forest-900" data-testid="storage-used">
          {formatBytes(usedBytes)} <span className="font-sans text-sm text-stone">of {formatBytes(quotaBytes)}</span>
        </p>
        <div
          role="progressbar"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${shown}% of the quota`}
          className="mt-4 h-2 bg-linen"
        >
          {/* The filled part is drawn, its width an attribute: a style attribute would be refused by the CSP. */}
          <svg aria-hidden="true" className="h-2 w-full">
            <rect
              width={`${Math.max(percent, usedBytes > 0 ? 1 : 0)}%`}
              height="100%"
              shapeRendering="crispEdges"
              className={percent > 90 ? "fill-red-600" : "fill-gold-500"}
            />
          </svg>
        </div>
        <p className="mt-2 text-xs text-stone">{shown}% of the quota</p>
      </Card>
      <Card icon={ShieldCheck} label="Security">
        <p className="font-display text-2xl text-forest-900">Protected &amp; Encrypted</p>
        <p className="mt-2 text-xs leading-relaxed text-stone">Admin-only uploads, checked and re-encoded on the server.</p>
      </Card>
      <Card icon={Files} label="Files">
        <p className="font-display text-3xl text-forest-900" data-testid="file-count">
          {files} <span className="font-sans text-sm text-stone">{agreeing(files, "item", "items")}</span>
        </p>
      </Card>
    </div>
  );
}
