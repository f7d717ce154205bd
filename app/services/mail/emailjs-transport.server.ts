import type { MailKind, MailMessage } from "./message.server";
import type { MailTransport } from "./transport.server";

export type EmailJsOptions = {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  acknowledgementTemplateId?: string;
  publicKey: string;
  privateKey: string;
  timeoutMs?: number;
};

/** EmailJS's documented statuses, with what they mean for an operator reading the log. */
const STATUS_TEXT: Record<number, string> = {
  451: "Unavailable For Headless Browser (allow API calls from non-browser applications in the EmailJS account's security settings)",
  403: "Forbidden (a blocked value, or the private key is wrong or missing)",
  429: "Too Many Requests (the EmailJS rate limit was hit; the outbox will retry)",
};

export class EmailJsError extends Error {
  /** A 4xx other than 429 is a refusal of this message or of our account: retrying the same request cannot help. */
  readonly permanent: boolean;
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`EmailJS ${status} ${STATUS_TEXT[status] ?? (status === 0 ? "Network Error" : "Error")}${detail ? `: ${detail}` : ""}`);
    this.name = "EmailJsError";
    this.permanent = status >= 400 && status < 500 && status !== 429;
  }
}

/** Checks the spec's rule: the ids and keys are required as non-empty strings. */
export function assertEmailJsOptions(options: Partial<EmailJsOptions>): asserts options is EmailJsOptions {
  const missing = (["serviceId", "templateId", "publicKey", "privateKey"] as const).filter(
    (key) => typeof options[key] !== "string" || options[key].trim() === "",
  );
  if (missing.length > 0) throw new Error(`EmailJS needs non-empty values for: ${missing.join(", ")}`);
}

/** EmailJS's REST API, for sites that keep their EmailJS account and templates. */
export function emailJsTransport(options: EmailJsOptions): MailTransport {
  assertEmailJsOptions(options);
  // EmailJS sends through templates kept in the EmailJS account: only the kinds that have one can go.
  const templates: Partial<Record<MailKind, string>> = {
    "staff-notification": options.templateId,
    "visitor-acknowledgement": options.acknowledgementTemplateId,
  };
  return {
    name: "emailjs",
    cannotSend: (kind) => !templates[kind as MailKind],
    async send(message: MailMessage) {
      const templateId = templates[message.kind];
      if (!templateId) throw new Error(`EmailJS has no template for ${message.kind}`);
      let response: Response;
      try {
        response = await fetch(options.apiUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            lib_version: "rest",
            service_id: options.serviceId,
            template_id: templateId,
            user_id: options.publicKey,
            accessToken: options.privateKey,
            template_params: message.params,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new EmailJsError(0, error instanceof Error ? error.message : String(error));
      }
      if (!response.ok) {
        const body = (await response.text().catch(() => "")).slice(0, 300);
        throw new EmailJsError(response.status, body);
      }
    },
  };
}
