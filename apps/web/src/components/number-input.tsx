import { ActionIcon, Stack, TextInput, type TextInputProps } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useState } from "react";
import {
  clampNumber,
  type NumberBounds,
  numberForKey,
  parseNumberText,
  sanitizeNumberText,
} from "../lib/number-input-rules.ts";

export type NumberInputProps = Omit<TextInputProps, "value" | "onChange" | "min" | "max" | "step" | "type"> &
  NumberBounds & {
    value: number | null;
    onChange: (value: number | null) => void;
  };

/**
 * Whole-number input (spec §5): clamps to min/max on blur and when spinning, a minus sign only when
 * min is absent or negative, ArrowUp/ArrowDown spin, Home/End jump to min/max.
 */
export function NumberInput({ value, onChange, min, max, step = 1, onBlur, onKeyDown, ...props }: NumberInputProps) {
  const bounds = { min, max, step };
  const [text, setText] = useState(value === null ? "" : String(value));

  useEffect(() => {
    setText((current) => (parseNumberText(current) === value ? current : value === null ? "" : String(value)));
  }, [value]);

  const commit = (next: number | null) => {
    setText(next === null ? "" : String(next));
    onChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const next = numberForKey(event.key, parseNumberText(text), bounds);
    if (next === undefined) return;
    event.preventDefault();
    commit(next);
  };

  const spin = (key: "ArrowUp" | "ArrowDown") => {
    const next = numberForKey(key, parseNumberText(text), bounds);
    if (next !== undefined) commit(next);
  };

  const current = parseNumberText(text);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="off"
      role="spinbutton"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={current ?? undefined}
      value={text}
      onChange={(event) => {
        const sanitized = sanitizeNumberText(event.currentTarget.value, bounds);
        setText(sanitized);
        onChange(parseNumberText(sanitized));
      }}
      onBlur={(event) => {
        onBlur?.(event);
        const parsed = parseNumberText(text);
        commit(parsed === null ? null : clampNumber(parsed, bounds));
      }}
      onKeyDown={handleKeyDown}
      rightSectionWidth={30}
      rightSection={
        <Stack gap={0} aria-hidden="true">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={16}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => spin("ArrowUp")}
            disabled={props.disabled || (max !== undefined && current !== null && current >= max)}
          >
            <IconChevronUp size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={16}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => spin("ArrowDown")}
            disabled={props.disabled || (min !== undefined && current !== null && current <= min)}
          >
            <IconChevronDown size={14} />
          </ActionIcon>
        </Stack>
      }
    />
  );
}
