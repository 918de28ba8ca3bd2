import { TextInput, type TextInputProps } from "@mantine/core";
import { CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";
import { formatCode, normalizeCode } from "../lib/code-entry-rules.ts";
import classes from "./code-entry.module.css";

export type CodeEntryProps = Omit<TextInputProps, "value" | "onChange"> & {
  /** The digits only, e.g. "123456". */
  value: string;
  onChange: (code: string) => void;
  length?: number;
};

/**
 * The 6-digit confirmation code entry (spec §2 dialog 9, §5): shown as "123-456"; typed or pasted
 * text keeps only digits and is cut to the code length.
 */
export function CodeEntry({ value, onChange, length = CONFIRMATION_CODE_LENGTH, className, ...props }: CodeEntryProps) {
  return (
    <TextInput
      label="Confirmation code"
      {...props}
      className={className}
      classNames={{ input: classes.input }}
      value={formatCode(value)}
      onChange={(event) => onChange(normalizeCode(event.currentTarget.value, length))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={formatCode("0".repeat(length))}
      spellCheck={false}
    />
  );
}
