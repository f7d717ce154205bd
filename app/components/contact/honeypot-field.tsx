import { HONEYPOT_FIELD } from "#app/domain/enquiry-schemas";

/** A field hidden from people (off-screen, out of the tab order and the accessibility tree); bots fill it. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
