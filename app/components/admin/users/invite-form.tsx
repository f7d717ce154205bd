import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ChoiceField, TextField } from "#app/components/ui/form-field";
import { inviteStaffSchema } from "#app/domain/staff-forms";
import { STAFF_ROLE_INFO, STAFF_ROLES } from "#app/domain/staff-roles";
import { StaffNotice, type StaffAnswer } from "./staff-notice";

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_INFO[role].label }));

/** Invite by e-mail with a role; the address and role stay as typed when the server refuses them. */
export function InviteForm({ answer, lifetime }: { answer?: StaffAnswer; lifetime: string }) {
  const busy = useNavigation().formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "invite-staff",
    lastResult: answer?.intent === "invite" ? answer.result : undefined,
    defaultValue: { role: "editor" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteStaffSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="invite" />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <TextField label="E-mail address" type="email" autoComplete="off" meta={fields.email} required />
        <ChoiceField label="Role" meta={fields.role} options={ROLE_OPTIONS} />
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-xs text-stone sm:grid-cols-3">
        {STAFF_ROLES.map((role) => (
          <div key={role}>
            <dt className="inline font-medium text-forest-900">{STAFF_ROLE_INFO[role].label}: </dt>
            <dd className="inline">{STAFF_ROLE_INFO[role].description}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
          {busy ? "Sending..." : "Send invitation"}
        </button>
        <p className="text-xs text-stone">The e-mailed link works once, for {lifetime}.</p>
      </div>
      <StaffNotice answer={answer} intents={["invite"]} />
    </Form>
  );
}
