import { accountExportSection, sessionsExportSection } from "../accounts/export-section.ts";
import { blogsExportSection } from "../../blogs/export-section.ts";
import { connectionsExportSection } from "../../connections/export-section.ts";
import { giveawayExportSection } from "../../shop/giveaway/export-section.ts";
import { hacksExportSection } from "../../hacks/export-section.ts";
import { learningExportSection } from "../../learning/export-section.ts";
import { ledgerExportSection } from "../../wallet/ledger/export-section.ts";
import { notificationsExportSection } from "../../notifications/export-section.ts";
import { paymentsExportSection } from "../../payments/export-section.ts";
import { preferencesExportSection, profileExportSection } from "../profiles/export-section.ts";
import { progressExportSection } from "../../progress/export-section.ts";
import { referralsExportSection } from "../../connections/referrals/export-section.ts";
import { projectsExportSection } from "../../projects/export-section.ts";
import { reportsExportSection } from "../../reports/export-section.ts";
import { shopExportSection } from "../../shop/export-section.ts";
import { messagesExportSection } from "../users/export-section.ts";
import { votesExportSection } from "../../learning/votes/export-section.ts";
import { tutorExportSection } from "../../tutor/export-section.ts";

/**
 * Every module's section of the personal data export, in the file's order. A new module that holds
 * personal data writes its `export-section.ts` (src/export-section.ts: key, schema, collect) and adds it here:
 * the file, its published JSON Schema and the tests pick it up (docs/data-export.md).
 */
export const EXPORT_SECTIONS = [
  accountExportSection,
  profileExportSection,
  preferencesExportSection,
  sessionsExportSection,
  learningExportSection,
  ledgerExportSection,
  progressExportSection,
  messagesExportSection,
  connectionsExportSection,
  notificationsExportSection,
  reportsExportSection,
  votesExportSection,
  shopExportSection,
  giveawayExportSection,
  paymentsExportSection,
  tutorExportSection,
  referralsExportSection,
  blogsExportSection,
  hacksExportSection,
  projectsExportSection,
] as const;
