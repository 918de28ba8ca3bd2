// The identity module's public surface: what other modules may call (its users table, for foreign keys, is
// accounts/schema.ts and accounts/columns.ts).
export { findSessionByToken } from "./accounts/sessions.ts";
export {
  type AccessColumns,
  accessColumns,
  accountNames,
  createProfile,
  findUserByUsername,
  hasAccess,
  isUniqueViolation,
  profileExists,
  type ProfileRow,
  profileRows,
  ROLE_CHANGE_REFUSED,
  setRole,
  staffIds,
  updateProfile,
  userHasAccess,
} from "./profiles/service.ts";
