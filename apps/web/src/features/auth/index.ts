// What other features use of auth: Better Auth's requests (Settings changes the password and email with them).
export { authRequest, requireToken } from "./api/auth-request.ts";
