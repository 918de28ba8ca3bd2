import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconLogin2 } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client.ts";
import { isUnconfirmedEmailError } from "../api/auth-request.ts";
import { signInWithPassword } from "../api/sign-in.ts";
import { toast } from "../../../lib/toasts.ts";
import { useCompleteSignIn } from "../lib/use-complete-sign-in.ts";
import { schemaCheck, validationTriggers } from "../../../lib/zod-form.ts";

const check = schemaCheck(() => import("@neonlab/shared/schemas/auth").then((m) => m.signInSchema));

type PasswordSignInFormProps = {
  /** An unconfirmed account: the server mailed a fresh code, the confirmation dialog takes over. */
  onUnconfirmed(email: string): void;
  /** Where to go once signed in (a picked plan's checkout); else the saved return path. */
  then?: string;
};

export function PasswordSignInForm({ onUnconfirmed, then }: PasswordSignInFormProps) {
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: check.validate,
    ...validationTriggers(),
  });

  const signIn = useMutation({
    mutationFn: (values: typeof form.values) =>
      signInWithPassword({ email: values.email.trim().toLowerCase(), password: values.password }),
    onSuccess: (token) => completeSignIn(token, then),
    onError: (error, values) => {
      if (isUnconfirmedEmailError(error)) onUnconfirmed(values.email.trim().toLowerCase());
      else toast.error(errorMessage(error));
    },
  });

  return (
    <form onFocus={check.prepare} onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps("email")}
          key={form.key("email")}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps("password")}
          key={form.key("password")}
        />
        <Button type="submit" fullWidth loading={signIn.isPending} leftSection={<IconLogin2 size={18} />}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
