import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/enquiry-privacy";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { EnquiryList } from "#app/components/admin/enquiry-list";
import { SearchInput } from "#app/components/ui/search-input";
import { servicesContext } from "#app/db/context";
import { isValidEmailAddress } from "#app/domain/email-address";
import { listEnquiries } from "#app/models/enquiries-admin.server";
import { eraseAddressData } from "#app/models/enquiry-privacy.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";

const eraseSchema = z
  .object({
    email: z.string({ error: "Enter the e-mail address." }).trim().refine(isValidEmailAddress, "Enter a full e-mail address."),
    confirm: z.string({ error: "Type the address again to confirm." }).trim(),
  })
  .refine((value) => value.confirm.toLowerCase() === value.email.toLowerCase(), {
    path: ["confirm"],
    error: "Type the same address again to confirm the erasure.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "enquiries");
  const { db, settings } = context.get(servicesContext);
  const email = new URL(request.url).searchParams.get("email")?.trim() ?? "";
  const { retentionMonths } = await settings.current();
  if (!email) return { email, valid: false, found: null, retentionMonths };
  if (!isValidEmailAddress(email)) return { email, valid: false, found: null, retentionMonths };
  // The inbox's search finds the address; only exact matches are this person's.
  const { items } = await listEnquiries(db, { q: email, page: 1 });
  return { email, valid: true, found: items.filter((item) => item.email.toLowerCase() === email.toLowerCase()), retentionMonths };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "enquiries");
  const services = context.get(servicesContext);
  const submission = parseWithZod(await request.formData(), { schema: eraseSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), erased: null }, { status: 400 });
  const { enquiries } = await eraseAddressData(services.db, user, submission.value.email);
  services.changes.emitLocal("enquiries", "erased");
  return { result: submission.reply({ resetForm: true }), erased: enquiries };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function EnquiryPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { email, valid, found, retentionMonths } = loaderData;
  const [form, fields] = useForm({
    id: "erase-address",
    lastResult: actionData?.result,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eraseSchema }),
    shouldValidate: "onSubmit",
  });
  const label = "block text-[0.68rem] font-medium tracking-[0.16em] text-stone uppercase";
  return (
    <div className="max-w-4xl">
      <title>Personal data requests | Admin</title>
      <Link to="/edit/enquiries" className="mb-6 inline-flex items-center gap-2 text-sm text-forest-900 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> All enquiries
      </Link>
      <AdminPageHeader
        eyebrow="Privacy"
        title="Personal data requests"
        intro={`Find what is held about a visitor's e-mail address, export it as JSON, or erase it on request. Enquiries and their e-mails are deleted automatically after ${retentionMonths} months (Settings).`}
      />
      {actionData?.erased != null ? (
        <p role="status" className="mt-8 border border-forest-600/40 bg-forest-900/5 px-4 py-3 text-sm text-forest-900">
          Erased {actionData.erased} {actionData.erased === 1 ? "enquiry" : "enquiries"} with their e-mails and notes. The audit trail records the
          erasure without the address.
        </p>
      ) : null}
      <Form method="get" role="search" aria-label="Find an address" className="mt-8 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          id="privacy-email"
          label="E-mail address"
          name="email"
          inputMode="email"
          defaultValue={email}
          placeholder="visitor@example.com"
          className="flex-1"
          inputClassName="h-12 border-linen bg-white"
        />
        <button type="submit" className="btn-primary h-12">
          Find
        </button>
      </Form>
      {email && !valid ? <p className="mt-3 text-sm text-red-800">Enter a full e-mail address.</p> : null}
      {found ? (
        <section aria-label="What is held" className="mt-10 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 className="font-display text-2xl text-forest-900">
              {found.length} {found.length === 1 ? "enquiry" : "enquiries"} from {email}
            </h2>
            <a
              href={`/edit/enquiries/privacy/export?email=${encodeURIComponent(email)}`}
              download
              className="inline-flex h-11 items-center gap-2 border border-forest-900/30 px-4 text-[0.72rem] font-medium tracking-[0.16em] text-forest-900 uppercase hover:bg-forest-900 hover:text-ivory"
            >
              <Download aria-hidden className="h-4 w-4" /> Export as JSON
            </a>
          </div>
          {found.length ? <EnquiryList items={found} /> : <p className="text-sm text-stone">Nothing is held about this address.</p>}
          <Form method="post" {...getFormProps(form)} className="border border-red-800/30 bg-white/70 p-5 sm:p-6">
            <h3 className="font-display text-xl text-red-900">Erase on request</h3>
            <p className="mt-2 text-sm text-stone">
              Deletes every enquiry from this address with its e-mails and notes, for good. To confirm, type the address once more below.
            </p>
            <input {...getInputProps(fields.email, { type: "hidden" })} key={fields.email.key} />
            <label htmlFor={fields.confirm.id} className={`${label} mt-4`}>
              Confirm the address
            </label>
            <input
              {...getInputProps(fields.confirm, { type: "email" })}
              key={fields.confirm.key}
              autoComplete="off"
              className={`mt-1.5 h-11 w-full border bg-white px-3 text-sm outline-none focus:border-forest-700 sm:max-w-md ${fields.confirm.errors ? "border-red-700" : "border-linen"}`}
            />
            <div id={fields.confirm.errorId}>
              {[...(fields.confirm.errors ?? []), ...(fields.email.errors ?? [])].map((error) => (
                <p key={error} className="mt-2 text-sm text-red-800">
                  {error}
                </p>
              ))}
            </div>
            <button
              type="submit"
              className="mt-4 inline-flex h-11 items-center border border-red-800 bg-red-800 px-5 text-[0.72rem] font-medium tracking-[0.16em] text-ivory uppercase hover:bg-red-900"
            >
              Erase everything about this address
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
