import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactSubmissionRow } from "#app/db/schema";
import { parseEnv } from "#app/env.server";
import { settingsDefaults } from "#app/models/site-settings.server";
import { startHttpStub, type HttpStub, type StubReply } from "../../../tests/stubs/http-stub";
import { emailJsTransport, type EmailJsOptions } from "./emailjs-transport.server";
import { staffNotification, visitorAcknowledgement } from "./message.server";
import { transportFromEnv } from "./transport-from-env.server";
import { isPermanentFailure } from "./transport.server";

const env = parseEnv({ SITE_URL: "https://whitestreams.example", ENQUIRY_MAILBOX: "desk@whitestreams.example" });
const settings = settingsDefaults(env);
const row = {
  submissionId: "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "Not provided",
  interest: "Jets",
  message: "Range above 7000 nm, please.",
  listingPath: "/jets/g650",
} as ContactSubmissionRow;

describe("EmailJS transport against a local stand-in", () => {
  let stub: HttpStub;
  let next: StubReply;
  let options: EmailJsOptions;
  beforeAll(async () => {
    stub = await startHttpStub(() => next);
    options = {
      apiUrl: `${stub.url}/api/v1.0/email/send`,
      serviceId: "service_1",
      templateId: "template_staff",
      publicKey: "public_1",
      privateKey: "private_1",
    };
  });
  afterAll(() => stub.stop());

  it("posts the service, template, keys and the enquiry's fields as template params", async () => {
    next = { status: 200, text: "OK" };
    await emailJsTransport(options).send(staffNotification(env, settings, row));
    const request = stub.requests.at(-1)!;
    expect(request.path).toBe("/api/v1.0/email/send");
    expect(request.contentType).toBe("application/json");
    expect(request.json).toEqual({
      lib_version: "rest",
      service_id: "service_1",
      template_id: "template_staff",
      user_id: "public_1",
      accessToken: "private_1",
      template_params: {
        to_email: "desk@whitestreams.example",
        from_name: "Ada Lovelace",
        from_email: "ada@example.com",
        phone: "Not provided",
        interest: "Jets",
        message: "Range above 7000 nm, please.",
        submission_id: row.submissionId,
        listing_url: "https://whitestreams.example/jets/g650",
        reply_to: "ada@example.com",
        // This enquiry chose no next step and no preferred way to be reached: both fields go out empty.
        next_step: "",
        preferred_contact: "",
      },
    });
  });

  it("carries the enquiry's next step and how the visitor would like to be reached", async () => {
    next = { status: 200, text: "OK" };
    const stepped = {
      ...row,
      listingPath: "/yachts/spitfire",
      intent: "sea-trial",
      contactMethod: "whatsapp",
      contactTime: "after 6 pm, Dubai time",
    };
    await emailJsTransport(options).send(staffNotification(env, settings, stepped));
    const params = (stub.requests.at(-1)!.json as { template_params: Record<string, string> }).template_params;
    expect(params).toMatchObject({ next_step: "Arrange a sea trial", preferred_contact: "WhatsApp, after 6 pm, Dubai time" });
  });

  it.each([
    [451, "EmailJS 451 Unavailable For Headless Browser", true],
    [403, "EmailJS 403 Forbidden", true],
    [429, "EmailJS 429 Too Many Requests", false],
    [500, "EmailJS 500 Error", false],
  ])("turns status %i into a clear error (permanent: %s)", async (status, text, permanent) => {
    next = { status, text: "The reason from EmailJS" };
    await expect(emailJsTransport(options).send(staffNotification(env, settings, row))).rejects.toThrow(text);
    const error: unknown = await emailJsTransport(options)
      .send(staffNotification(env, settings, row))
      .catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/: The reason from EmailJS$/);
    // The outbox stops retrying a refusal that no retry can cure, and keeps retrying the rest.
    expect(isPermanentFailure(error)).toBe(permanent);
  });

  it("reports a dropped connection as a Network Error", async () => {
    next = { destroy: true };
    await expect(emailJsTransport(options).send(staffNotification(env, settings, row))).rejects.toThrow(/^EmailJS 0 Network Error: /);
  });

  it("uses the acknowledgement template when there is one, and otherwise declares it cannot send one", async () => {
    expect(emailJsTransport(options).cannotSend?.("visitor-acknowledgement")).toBe(true);
    expect(emailJsTransport(options).cannotSend?.("staff-notification")).toBe(false);
    next = { status: 200, text: "OK" };
    const transport = emailJsTransport({ ...options, acknowledgementTemplateId: "template_ack" });
    expect(transport.cannotSend?.("visitor-acknowledgement")).toBe(false);
    await transport.send(visitorAcknowledgement(env, settings, row));
    expect(stub.requests.at(-1)!.json).toMatchObject({
      template_id: "template_ack",
      template_params: { to_email: "ada@example.com", submission_id: row.submissionId, reference: "WS-3F2B8C1E" },
    });
  });

  it("requires the service id, template id and both keys as non-empty strings", async () => {
    expect(() => emailJsTransport({ ...options, serviceId: " ", privateKey: "" })).toThrow(
      "EmailJS needs non-empty values for: serviceId, privateKey",
    );
    await expect(transportFromEnv(parseEnv({ EMAILJS_SERVICE_ID: "service_1" }))).rejects.toThrow("templateId, publicKey, privateKey");
  });

  it("picks SMTP first, then EmailJS, else no transport", async () => {
    expect(await transportFromEnv(parseEnv({}))).toBeUndefined();
    const full = { EMAILJS_SERVICE_ID: "s", EMAILJS_TEMPLATE_ID: "t", EMAILJS_PUBLIC_KEY: "p", EMAILJS_PRIVATE_KEY: "k" };
    expect((await transportFromEnv(parseEnv(full)))?.name).toBe("emailjs");
    expect((await transportFromEnv(parseEnv({ ...full, SMTP_URL: "smtp://127.0.0.1:2525" })))?.name).toBe("smtp");
  });
});
