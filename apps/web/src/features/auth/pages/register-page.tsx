import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconUserPlus } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { signUp } from "../api/sign-up.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { ConfirmEmailDialogOnOpen } from "../components/confirm-email-dialog-on-open.tsx";
import { OAuthButtons } from "../components/oauth-buttons.tsx";
import { pricingPath } from "../lib/use-complete-sign-in.ts";
import { NewPasswordInput } from "../../../components/password-strength-meter.tsx";
import { newPasswordProblem } from "../../../lib/password-check.ts";
import { toast } from "../../../lib/toasts.ts";
import { schemaCheck, validationTriggers } from "../../../lib/zod-form.ts";

const check = schemaCheck(() => import("@neonlab/shared/schemas/auth").then((m) => m.signUpSchema));

export function RegisterPage() {
  const [params] = useSearchParams();
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  // A plan picked on /pricing rides through sign-up: once confirmed, on to its checkout.
  const priceId = params.get("priceId");
  const form = useForm({
    initialValues: { displayName: "", email: "", password: "" },
    validate: check.validate,
    ...validationTriggers(),
  });

  const register = useMutation({
    mutationFn: async (values: typeof form.values) => signUp(await check.output(values), params.get("referral")),
    onSuccess: (_, values) => setConfirmEmail(values.email.trim().toLowerCase()),
    onError: (error) => {
      const message = errorMessage(error);
      if (message === MESSAGES.duplicateEmail) form.setFieldError("email", message);
      toast.error(message);
    },
  });

  const owner = { email: form.values.email, name: form.values.displayName };
  const submit = form.onSubmit(async (values) => {
    const problem = await newPasswordProblem(values.password, owner);
    if (problem) form.setFieldError("password", problem);
    else register.mutate(values);
  });

  return (
    <AuthCard title="Create your account" subtitle="Start hacking, earning XP and keeping your streak.">
      <OAuthButtons carry={{ priceId, referral: params.get("referral") }} divider="or with your email" />
      <form onFocus={check.prepare} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Display name"
            autoComplete="name"
            required
            {...form.getInputProps("displayName")}
            key={form.key("displayName")}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <NewPasswordInput
            label="Password"
            owner={owner}
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <Button type="submit" fullWidth loading={register.isPending} leftSection={<IconUserPlus size={18} />}>
            Create Account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{" "}
        <Anchor component={Link} to={priceId ? `/login?${new URLSearchParams({ priceId })}` : "/login"}>
          Sign in
        </Anchor>
      </Text>
      <ConfirmEmailDialogOnOpen
        opened={confirmEmail !== null}
        email={confirmEmail ?? ""}
        onClose={() => setConfirmEmail(null)}
        then={priceId ? pricingPath(priceId) : undefined}
      />
    </AuthCard>
  );
}
