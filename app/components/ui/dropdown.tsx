import { ChevronDown } from "#app/components/ui/icons/chevron-down";
import { useEffect, useRef, type ReactNode } from "react";

type DropdownProps = { label: ReactNode; children: ReactNode; align?: "left" | "right"; className?: string; panelClassName?: string };

/**
 * A <details> dropdown: opens and closes on its button and works without JavaScript.
 * With it, a click outside or Escape closes it too; `closeDropdown` closes it after a choice.
 */
export function Dropdown({ label, children, align = "left", className = "", panelClassName = "" }: DropdownProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    function onPointer(event: PointerEvent) {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={ref} className={`group/dropdown relative ${className}`}>
      <summary className="flex h-11 cursor-pointer list-none items-center gap-2 border border-ink/15 bg-ivory px-4 text-sm text-ink transition-colors hover:border-forest-700 [&::-webkit-details-marker]:hidden">
        {label}
        <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open/dropdown:rotate-180" strokeWidth={1.5} />
      </summary>
      <div
        className={`absolute top-full z-40 mt-2 min-w-56 border border-ink/10 bg-ivory p-2 shadow-[0_24px_50px_-20px_rgb(8_34_26/0.35)] ${align === "right" ? "right-0" : "left-0"} ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}

/** Closes the dropdown around `element`; focus that was inside goes back to its button, never to the page. */
export function closeDropdown(element: Element | null) {
  const details = element?.closest("details");
  if (!details) return;
  const hadFocus = details.contains(document.activeElement);
  details.open = false;
  if (hadFocus) details.querySelector("summary")?.focus();
}
