import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contactSchema, displayNameSchema } from "./auth.ts";
import { blogCreateSchema, blogRejectSchema, blogUpdateSchema } from "./blogs.ts";
import { createGiveawaySchema } from "./giveaway.ts";
import { createHackInputSchema, hackFilesSchema } from "./hacks.ts";
import { reflectionAnswerSchema } from "./learning.ts";
import { updateProfileSchema } from "./profile.ts";
import { projectFileSchema } from "./projects.ts";
import { appReportInputSchema } from "./reports.ts";
import { tutorChatInputSchema } from "./tutor.ts";

// Text fields refuse what XML 1.0 can not carry and other control characters (product rules notes
// "Control characters in text"): single-line fields every control character, long texts all but tab and line breaks.

/** Refused everywhere: C0 controls other than tab/LF/CR, DEL, C1, lone surrogates, U+FFFE and U+FFFF. */
const ALWAYS_REFUSED = ["\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f", "\u0085", "\u009f"];
const NOT_XML = ["\ufffe", "\uffff", "\ud800", "\udbff", "\udc00", "\udfff"];
/** Line breaks and tabs: refused inside single-line fields (trimming still removes them at the ends). */
const LINE_BREAKS = ["\t", "\n", "\r", "\r\n"];
/** Text that must stay accepted: markup characters, emoji (a surrogate pair), RTL and bidi marks. */
const FRIENDLY = ["<b> & \"quotes\" 'apos' ]]>", "emoji 😀 and 𝟘", "\u200fשלום\u200e mark \u202eabc\u202c", "Ωé日"];

const hostile = (character: string) => `Ctrl ${character} char and then some more text`;

type Field = { name: string; parse: (value: string) => z.ZodSafeParseResult<unknown>; message: string };

const field = (name: string, schema: z.ZodType, message: string, wrap = (v: string): unknown => v): Field => ({
  name,
  parse: (value) => schema.safeParse(wrap(value)),
  message,
});

const blogUpdate = blogUpdateSchema.shape;
const profile = updateProfileSchema.shape;

const SINGLE_LINE: Field[] = [
  field("display name", displayNameSchema, "Display name must not contain control characters"),
  field("profile display name", profile.display_name, "Display name must not contain control characters"),
  field("skill", profile.skills, "Skill must not contain control characters", (v) => [v]),
  field("location", profile.location, "Location must not contain control characters"),
  field("work place", profile.work_place, "Work place must not contain control characters"),
  field("contact name", contactSchema.shape.name, "Name must not contain control characters"),
  field("contact subject", contactSchema.shape.subject, "Subject must not contain control characters"),
  field("new blog title", blogCreateSchema.unwrap().shape.title, "The title must not contain control characters"),
  field("blog title", blogUpdate.title, "The title must not contain control characters"),
  field("blog tag", blogUpdate.tags, "A tag must not contain control characters", (v) => [v.slice(0, 20)]),
  field("hack title", createHackInputSchema.shape.title, "The title must not contain control characters"),
  field("giveaway title", createGiveawaySchema.shape.title, "title must not contain control characters"),
];

const MULTI_LINE: Field[] = [
  field("blog summary", blogUpdate.summary, "The summary must not contain control characters"),
  field("blog text", blogUpdate.content, "The text must not contain control characters"),
  field("reject reason", blogRejectSchema.shape.reason, "The reason must not contain control characters"),
  field("bio", profile.bio, "Bio must not contain control characters"),
  field("contact message", contactSchema.shape.message, "Message must not contain control characters"),
  field(
    "reflection",
    reflectionAnswerSchema.shape.userResponse,
    "Your answer must not contain control characters",
    (v) => `${v} ${"long enough ".repeat(5)}`,
  ),
  field("tutor question", tutorChatInputSchema.shape.question, "A question must not contain control characters"),
  field("report", appReportInputSchema.shape.description, "The description must not contain control characters"),
  field("hack file", hackFilesSchema, '"index.html" is not text: only text files can be saved.', (content) => [
    { name: "index.html", content },
  ]),
  field("project file", projectFileSchema, "Files must be plain text; this one holds binary data.", (content) => ({
    name: "index.html",
    content,
  })),
];

const messages = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("text fields and control characters", () => {
  describe.each(SINGLE_LINE)("single-line: $name", ({ parse, message }) => {
    it.each([...ALWAYS_REFUSED, ...NOT_XML, ...LINE_BREAKS])("refuses %j with a clear message", (character) => {
      expect(messages(parse(hostile(character)))).toContain(message);
    });
    it("refuses the probe's title", () => {
      expect(messages(parse("Ctrl \u0001\u000b\u001f char \ufffe"))).toContain(message);
    });
    it.each(FRIENDLY)("accepts %j", (value) => {
      expect(parse(value).success).toBe(true);
    });
    it("still trims tabs and line breaks at the ends", () => {
      expect(parse("\t\n Fine value \r\n").success).toBe(true);
    });
  });

  describe.each(MULTI_LINE)("multi-line: $name", ({ parse, message }) => {
    it.each([...ALWAYS_REFUSED, ...NOT_XML])("refuses %j with a clear message", (character) => {
      expect(messages(parse(hostile(character)))).toContain(message);
    });
    it.each([...LINE_BREAKS, ...FRIENDLY])("accepts %j", (value) => {
      expect(parse(hostile(value)).success).toBe(true);
    });
  });
});
