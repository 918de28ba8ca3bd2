import { PasswordInput, type PasswordInputProps, Progress, Stack, Text } from "@mantine/core";
import {
  PASSWORD_RULE,
  PASSWORD_SCORE_LABELS,
  type PasswordOwner,
  type PasswordScore,
} from "@neonlab/shared/password-policy";
import { useEffect, useState } from "react";
import { loadPasswordCheck } from "../lib/password-check.ts";

type Checker = Awaited<ReturnType<typeof loadPasswordCheck>>["checkPassword"];

const SCORE_COLORS: Record<PasswordScore, string> = { 0: "red", 1: "orange", 2: "yellow", 3: "teal", 4: "green" };

/** zxcvbn's estimate of a new password, under its field; the text is announced as it changes. */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const [checkPassword, setCheckPassword] = useState<Checker | null>(null);
  const typing = password.length > 0;
  // The dictionaries are large: fetched once the learner starts typing, not with the page.
  useEffect(() => {
    if (!typing || checkPassword) return;
    let mounted = true;
    loadPasswordCheck()
      .then((module) => mounted && setCheckPassword(() => module.checkPassword))
      .catch(() => undefined); // no meter without the chunk; the server still checks the password
    return () => {
      mounted = false;
    };
  }, [typing, checkPassword]);

  const check = checkPassword && password ? checkPassword(password, owner) : null;
  const text = check
    ? `Password strength: ${PASSWORD_SCORE_LABELS[check.score]}.${check.problem ? ` ${check.problem}` : ""}`
    : "";
  return (
    <Stack gap={4}>
      <Progress
        value={check ? (check.score + 1) * 20 : 0}
        color={check ? SCORE_COLORS[check.score] : "gray"}
        size="sm"
        aria-hidden
      />
      <Text size="xs" c={check?.problem ? "red" : "dimmed"} aria-live="polite" data-testid="password-strength">
        {text}
      </Text>
    </Stack>
  );
}

/** A field for a new password: the rule as its description and the strength meter under it. */
export function NewPasswordInput({ owner, ...input }: PasswordInputProps & { owner: PasswordOwner }) {
  return (
    <Stack gap={4}>
      <PasswordInput description={PASSWORD_RULE} autoComplete="new-password" required {...input} />
      <PasswordStrengthMeter password={String(input.value ?? "")} owner={owner} />
    </Stack>
  );
}
