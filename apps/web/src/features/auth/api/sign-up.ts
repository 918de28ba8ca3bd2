import type { SignUpInput } from "@neonlab/shared/schemas/auth";
import { authRequest } from "./auth-request.ts";

/** Creates an unconfirmed account; the server mails a 6-digit confirmation code. */
export async function signUp(input: SignUpInput): Promise<void> {
  await authRequest("sign-up/email", { email: input.email, password: input.password, name: input.displayName });
}
