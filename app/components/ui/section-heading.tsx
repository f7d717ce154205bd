type SectionHeadingProps = { id?: string; eyebrow?: string; title: string; align?: "left" | "center"; tone?: "light" | "dark" };

export function SectionHeading({ id, eyebrow, title, align = "left", tone = "light" }: SectionHeadingProps) {
  const centered = align === "center";
  return (
    <div className={centered ? "text-center" : ""}>
      {eyebrow && <p className={`eyebrow ${tone === "dark" ? "!text-gold-300" : ""}`}>{eyebrow}</p>}
      <h2 id={id} className={`mt-3 font-display text-3xl sm:text-4xl lg:text-5xl ${tone === "dark" ? "text-ivory" : "text-forest-900"}`}>
        {title}
      </h2>
      <span className={`rule-gold mt-6 ${centered ? "mx-auto" : ""}`} />
    </div>
  );
}
