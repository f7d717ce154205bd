/** The heading block every admin screen opens with. */
export function AdminPageHeader({ eyebrow, title, intro, actions }: { eyebrow: string; title: string; intro?: string; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-6 border-b border-linen pb-8">
      <div>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-3xl text-forest-900 sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-3 max-w-2xl text-sm leading-relaxed text-stone">{intro}</p> : null}
      </div>
      {actions}
    </div>
  );
}
