import { Search } from "#app/components/ui/icons/search";
import type { InputHTMLAttributes } from "react";

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** Accessible name (visually hidden); the placeholder shows the spec's wording. */
  label: string;
  /** Classes for the wrapping label (width, flex behaviour). */
  className?: string;
  inputClassName?: string;
};

/** A search box with its magnifier icon and a visually hidden label: the one used on every screen. */
export function SearchInput({ label, className = "", inputClassName = "", ...input }: SearchInputProps) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 h-4 w-4 -translate-y-1/2 text-stone" strokeWidth={1.5} />
      <input
        type="search"
        autoComplete="off"
        {...input}
        className={`w-full border bg-white/70 pl-10 pr-3 text-sm placeholder:text-stone/80 focus:border-forest-700 focus:outline-none ${inputClassName}`}
      />
    </label>
  );
}
