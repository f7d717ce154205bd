import { MapPin } from "#app/components/ui/icons/map-pin";
import type { ReactNode } from "react";
import { Monogram } from "#app/components/layout/top-bar";
import { SELLER } from "#app/domain/seller";

/** The sticky side card: who sells, and (below) the enquiry form. */
export function SellerCard({ children, footer }: { children?: ReactNode; footer?: ReactNode }) {
  return (
    <aside aria-labelledby="seller-heading" className="border border-ink/10 bg-white/70 shadow-[0_20px_60px_-30px_rgb(8_34_26/0.35)]">
      <div className="flex items-start gap-4 border-b border-ink/10 p-6">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-forest-900 text-ivory">
          <Monogram className="h-8 w-8" />
        </span>
        <div>
          <h2 id="seller-heading" className="font-display text-xl text-forest-900">
            {SELLER.name}
          </h2>
          <p className="text-xs font-medium uppercase tracking-[0.18em] text-gold-700">{SELLER.experience}</p>
          <p className="mt-3 text-sm leading-relaxed text-stone">{SELLER.description}</p>
          <p className="mt-3 flex items-center gap-1.5 text-sm text-stone">
            <MapPin aria-hidden="true" className="h-4 w-4 text-gold-500" strokeWidth={1.5} />
            {SELLER.address}
          </p>
        </div>
      </div>
      {children && (
        <div className="p-6" data-print="hide">
          {children}
        </div>
      )}
      {footer}
    </aside>
  );
}
