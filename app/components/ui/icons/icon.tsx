import type { ReactNode, SVGProps } from "react";

/*
 * The icons the public pages show, drawn from Lucide's shapes (https://lucide.dev, ISC licence:
 * Copyright (c) for portions of Lucide are held by Cole Bemis 2013-2022 as part of Feather (MIT); all other copyright
 * (c) for Lucide are held by Lucide Contributors 2022. Permission to use, copy, modify, and/or distribute this
 * software for any purpose with or without fee is hereby granted, provided that the above copyright notice and this
 * permission notice appear in all copies.)
 *
 * Plain SVG components instead of lucide-react's: its runtime (class names, context, accessibility guessing, node
 * building) was about 1.5 kB gzip on every public page for icons that are all decorative and sized by their class.
 * The admin keeps lucide-react (its pages load their own code). Shapes copied from lucide-react 1.75.0. One file per icon,
 * so each page's bundle holds the icons it shows and no others.
 */

export type IconProps = SVGProps<SVGSVGElement>;
export type Icon = (props: IconProps) => ReactNode;

/** Lucide's 24-unit grid and stroke defaults; the caller gives the size (class), the stroke width and aria-hidden. */
export function icon(shapes: ReactNode): Icon {
  return function LucideShape(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}
