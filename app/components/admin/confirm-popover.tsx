import { useId, useRef, type ReactNode, type ToggleEvent } from "react";

type ConfirmPopoverProps = {
  /** The trigger's accessible name; it starts with the words it shows, so voice control finds it (WCAG 2.5.3). */
  label: string;
  /** What the trigger shows (an icon, a word) and how it looks. */
  trigger: ReactNode;
  triggerClassName: string;
  disabled?: boolean;
  /** Focus the trigger as it appears (it replaced the button that had the focus, e.g. Reactivate's). */
  autoFocus?: boolean;
  /** The question, then what follows from saying yes: paragraphs separated by a blank line. */
  question: string;
  /** The form that acts: its submit button is the "yes". */
  children: ReactNode;
};

/**
 * A destructive admin action asked once more before it happens, with or without JavaScript. The trigger opens a
 * popover (HTML's own popover attribute: no script involved), which holds the question, "Cancel" and the form that
 * acts. Escape, "Cancel" or a click outside closes it, and the focus returns to the trigger. It replaced
 * the browser's confirm dialog, which a page without JavaScript never showed: the action then went ahead unasked.
 */
export function ConfirmPopover({ label, trigger, triggerClassName, disabled, autoFocus, question, children }: ConfirmPopoverProps) {
  const id = `confirm-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const cancel = useRef<HTMLButtonElement>(null);
  const [heading, ...details] = question.split("\n\n");
  // Opened, the safe choice has the focus (Enter cancels). With JavaScript the popover closes as its form is sent.
  const focusCancel = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState === "open") cancel.current?.focus();
  };
  return (
    <>
      <button type="button" popoverTarget={id} disabled={disabled} autoFocus={autoFocus} aria-label={label} className={triggerClassName}>
        {trigger}
      </button>
      <div
        id={id}
        popover="auto"
        role="alertdialog"
        aria-labelledby={`${id}-question`}
        onToggle={focusCancel}
        onSubmit={(event) => event.currentTarget.hidePopover()}
        className="m-auto w-[min(26rem,calc(100vw-2rem))] border border-linen bg-ivory p-6 text-left text-ink shadow-[0_24px_60px_-20px_rgb(0_0_0/0.35)] backdrop:bg-ink/40 sm:p-8"
      >
        <p id={`${id}-question`} className="font-display text-xl leading-snug text-forest-900">
          {heading}
        </p>
        {details.map((detail) => (
          <p key={detail} className="mt-3 text-sm leading-relaxed text-stone">
            {detail}
          </p>
        ))}
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
          <button ref={cancel} type="button" popoverTarget={id} popoverTargetAction="hide" className="btn-secondary !px-5 !py-2.5">
            Cancel
          </button>
          {children}
        </div>
      </div>
    </>
  );
}

/** The confirming button's look: the primary button's shape, in the colour of a destructive act. */
export const CONFIRM_BUTTON =
  "inline-flex items-center justify-center border border-red-700 bg-red-700 px-5 py-2.5 text-[0.8rem] font-medium tracking-[0.18em] text-white uppercase transition-colors hover:bg-red-800 disabled:opacity-60";
