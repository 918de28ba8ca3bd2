import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MESSAGES } from "@neonlab/shared/messages";
import { resetPasswordSchema } from "@neonlab/shared/schemas/auth";
import { IconLockCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { resetPassword } from "../api/password-reset.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { NewPasswordInput } from "../../../components/password-strength-meter.tsx";
import { newPasswordProblem } from "../../../lib/password-check.ts";
import { toast } from "../../../lib/toasts.ts";
import { validationTriggers, zodResolver } from "../../../lib/zod-form.ts";

/** Landing page of the reset mail's link: /reset-password?token=… (or ?error=INVALID_TOKEN). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const form = useForm({
    initialValues: { password: "", confirm: "" },
    validate: zodResolver(resetPasswordSchema),
    ...validationTriggers(),
  });

  const reset = useMutation({
    mutationFn: (newPassword: string) => resetPassword({ token: token ?? "", newPassword }),
    onSuccess: () => {
      toast.success(MESSAGES.passwordUpdated);
      navigate("/login", { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  // The reset link names no account here: the server also checks the user's e-mail and names.
  const submit = form.onSubmit(async ({ password }) => {
    const problem = await newPasswordProblem(password, {});
    if (problem) form.setFieldError("password", problem);
    else reset.mutate(password);
  });

  if (!token || params.get("error")) {
    return (
      <AuthCard title="Reset your password">
        <Alert color="red" title="This link does not work">
          The reset link is invalid or has expired. Ask for a new one.
        </Alert>
        <Button component={Link} to="/forgot" fullWidth>
          Send a New Link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordInput
            label="New password"
            owner={{}}
            {...form.getInputProps("password")}
            key={form.key("password")}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            {...form.getInputProps("confirm")}
            key={form.key("confirm")}
          />
          <Button type="submit" fullWidth loading={reset.isPending} leftSection={<IconLockCheck size={18} />}>
            Set New Password
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
