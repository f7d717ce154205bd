import type { KeyboardEvent, MouseEvent } from "react";

/**
 * While the listing's save is on its way, the editor is about to start over from what the server saved (the form is
 * keyed on the listing's version), so a change made in that moment would vanish without a word. Its text fields are
 * read-only meanwhile; these form-level handlers hold its other controls the same way. They are not disabled: a
 * disabled control drops the keyboard focus and greys out for a blink on every save.
 * - checkboxes, radios and buttons (a row's Add and Remove, Enter's implicit save) ignore clicks, and so Space;
 * - a select ignores the mouse, and a select or a radio the keys that change it, but not Tab or Escape, so the
 *   keyboard can still leave it.
 */
export function holdWhileSaving(saving: boolean) {
  if (!saving) return {};
  return {
    onClickCapture: (event: MouseEvent<HTMLFormElement>) => {
      if (isChoiceOrButton(event.target)) event.preventDefault();
    },
    onMouseDownCapture: (event: MouseEvent<HTMLFormElement>) => {
      if (event.target instanceof HTMLSelectElement) event.preventDefault();
    },
    onKeyDownCapture: (event: KeyboardEvent<HTMLFormElement>) => {
      if (isSelectOrRadio(event.target) && !LEAVING_KEYS.has(event.key)) event.preventDefault();
    },
  };
}

const LEAVING_KEYS = new Set(["Tab", "Escape"]);

function isChoiceOrButton(target: EventTarget): boolean {
  // A click on a button's icon targets the icon; a click on a checkbox's label is passed on to the checkbox.
  return target instanceof Element && target.closest("button, input[type=checkbox], input[type=radio]") !== null;
}

function isSelectOrRadio(target: EventTarget): boolean {
  return target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "radio");
}
