import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { CODE_RESEND_INTERVAL_SECONDS, CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconMailForward, IconShieldCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CodeEntry } from "../../../components/code-entry.tsx";
import dialogClasses from "../../../components/dialogs/dialog.module.css";
import { useFocusReturn } from "../../../components/dialogs/focus-return.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { isCompleteCode } from "../../../lib/code-entry-rules.ts";
import { toast } from "../../../lib/toasts.ts";
import { resendConfirmationCode, verifyEmail } from "../api/email-verification.ts";
import { useCodeField } from "../lib/code-errors.ts";
import { useCompleteSignIn } from "../lib/use-complete-sign-in.ts";

const RESEND_WAIT_MS = CODE_RESEND_INTERVAL_SECONDS * 1000;

export type ConfirmEmailDialogProps = {
  opened: boolean;
  email: string;
  onClose(): void;
  /** Where to go once confirmed (default /courses; with a picked plan, on to its checkout via /pricing). */
  then?: string;
};

/** Spec dialog 9: the 6-digit code mailed at sign-up (or at an unconfirmed sign-in). */
export function ConfirmEmailDialog({ opened, email, onClose, then = "/courses" }: ConfirmEmailDialogProps) {
  const { code, setCode, error: codeError, reject: rejectCode } = useCodeField();
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_WAIT_MS);
  const [now, setNow] = useState(() => Date.now());
  const completeSignIn = useCompleteSignIn();
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const waiting = cooldown > 0;

  const restartCooldown = () => {
    setNow(Date.now());
    setResendAt(Date.now() + RESEND_WAIT_MS);
  };

  // A code was mailed just before the dialog opened; the server allows one resend a minute.
  useEffect(() => {
    if (!opened) return;
    setCode("");
    setNow(Date.now());
    setResendAt(Date.now() + RESEND_WAIT_MS);
  }, [opened]);

  useEffect(() => {
    if (!opened || !waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [opened, waiting]);

  const verify = useMutation({
    mutationFn: () => verifyEmail({ email, code }),
    onSuccess: async (token) => {
      toast.success(MESSAGES.accountConfirmed);
      await completeSignIn(token, then);
    },
    onError: rejectCode,
  });

  const resend = useMutation({
    mutationFn: () => resendConfirmationCode(email),
    onSuccess: () => {
      toast.success(MESSAGES.emailSent);
      setCode("");
      restartCooldown();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const complete = isCompleteCode(code);
  const focusReturn = useFocusReturn(opened);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Confirm your email"
      size="var(--nl-dialog-size)"
      classNames={{ root: dialogClasses.w500, content: dialogClasses.content }}
      closeOnClickOutside={false}
      data-dialog="confirm-email"
      {...focusReturn}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (complete && !verify.isPending) verify.mutate();
        }}
      >
        <Stack gap="lg">
          <Text size="sm">
            We sent a {CONFIRMATION_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to confirm your
            account.
          </Text>
          <CodeEntry value={code} onChange={setCode} error={codeError} disabled={verify.isPending} data-autofocus />
          {waiting && (
            <Text size="xs" c="dimmed" ta="center">
              You can ask for a new code in {cooldown} s.
            </Text>
          )}
          <Group justify="space-between" wrap="wrap-reverse" gap="sm">
            <Button
              type="button"
              variant="default"
              leftSection={<IconMailForward size={18} />}
              onClick={() => resend.mutate()}
              loading={resend.isPending}
              disabled={waiting || verify.isPending}
            >
              Resend Code
            </Button>
            <Button
              type="submit"
              leftSection={<IconShieldCheck size={18} />}
              loading={verify.isPending}
              disabled={!complete}
            >
              Submit Code
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
