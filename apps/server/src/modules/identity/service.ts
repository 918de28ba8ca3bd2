// The identity module's public surface: what other modules may call (its users table, for foreign keys, is
// accounts/schema.ts and accounts/columns.ts).
export {
  type AccessColumns,
  accessColumns,
  findUserByUsername,
  hasAccess,
  isUniqueViolation,
  profileExists,
  profileRows,
  userHasAccess,
} from "./profiles/service.ts";
