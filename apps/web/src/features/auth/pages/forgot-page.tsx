import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconMailForward } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { requestPasswordReset } from "../api/password-reset.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { toast } from "../../../lib/toasts.ts";
import { schemaCheck, validationTriggers } from "../../../lib/zod-form.ts";

const check = schemaCheck(() =>
  import("@neonlab/shared/schemas/auth").then((m) => m.signInSchema.pick({ email: true })),
);

export function ForgotPage() {
  const form = useForm({
    initialValues: { email: "" },
    validate: check.validate,
    ...validationTriggers(),
  });

  const request = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: () => toast.success(MESSAGES.emailSent),
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="We will mail you a link to choose a new one.">
      {request.isSuccess && (
        <Alert color="teal" title="Check your inbox" role="status">
          If an account exists for {request.variables}, a reset link is on its way. It is valid for one hour.
        </Alert>
      )}
      <form
        onFocus={check.prepare}
        onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim().toLowerCase()))}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <Button type="submit" fullWidth loading={request.isPending} leftSection={<IconMailForward size={18} />}>
            Send Reset Link
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{" "}
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
