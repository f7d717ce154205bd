import { z } from "zod";
import { PIPELINE_STATUSES } from "./enquiry-pipeline-status";
import { requiredText } from "./required-text";

/** The forms of an enquiry's page in the admin: one schema each, shared by Conform in the browser and the action. */
export const NOTE_MAX_LENGTH = 5000;
export const REPLY_MAX_LENGTH = 10_000;

export const statusFormSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(PIPELINE_STATUSES, { error: "Choose a status." }),
});

export const assignFormSchema = z.object({
  intent: z.literal("assign"),
  /** Empty: nobody. */
  assignee: z
    .string()
    .optional()
    .transform((value) => value || null),
});

export const noteFormSchema = z.object({
  intent: z.literal("note"),
  body: requiredText("Write the note first.").max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH} characters.`),
});

export const replyFormSchema = z.object({
  intent: z.literal("reply"),
  body: requiredText("Write your reply first.").max(REPLY_MAX_LENGTH, `A reply can be at most ${REPLY_MAX_LENGTH} characters.`),
});

export const retryFormSchema = z.object({
  intent: z.literal("retry"),
  message: z.uuid({ error: "This e-mail no longer exists." }),
});

export const enquiryActionSchema = z.discriminatedUnion("intent", [
  statusFormSchema,
  assignFormSchema,
  noteFormSchema,
  replyFormSchema,
  retryFormSchema,
]);
export type EnquiryIntent = z.infer<typeof enquiryActionSchema>["intent"];
