import { useEffect, useRef } from "react";
import { CircleAlert } from "#app/components/ui/icons/circle-alert";
import { CircleCheck } from "#app/components/ui/icons/circle-check";

/**
 * The message above a form's button after a send: success (a polite status) or failure (an alert). `takeFocus`: the
 * answer has just arrived without a page load, so the message takes the focus (and is scrolled to, clear of the top
 * bar): the form's fields have emptied, or its button is far below the message, and the visitor must see why.
 */
export function FormStatus({
  tone,
  message,
  details = [],
  takeFocus = false,
}: {
  tone: "success" | "error";
  message: string;
  details?: string[];
  takeFocus?: boolean;
}) {
  const success = tone === "success";
  const Icon = success ? CircleCheck : CircleAlert;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={box}
      tabIndex={takeFocus ? -1 : undefined}
      role={success ? "status" : "alert"}
      className={`flex scroll-mt-28 gap-3 focus:outline-none border-l-2 px-4 py-3 text-sm leading-relaxed ${success ? "border-forest-600 bg-forest-600/8 text-forest-900" : "border-red-600 bg-red-50 text-red-800"}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" strokeWidth={1.75} />
      <div>
        <p>{message}</p>
        {details.filter(Boolean).map((detail) => (
          <p key={detail} className="mt-1 opacity-90">
            {detail}
          </p>
        ))}
      </div>
    </div>
  );
}
