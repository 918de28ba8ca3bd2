import { describe, expect, it } from "vitest";
import { assertCleanAddress, assertCleanText, isCleanText, textRefusedMessage } from "./text-moderation.ts";

describe("text moderation (one helper for what users write that others read)", () => {
  it("refuses plain and disguised words", () => {
    for (const text of [
      "what the fuck",
      "fuuuuck this",
      "sh1t lesson",
      "this is $hit",
      "you b!tch",
      "fück",
      "a$$hole",
    ]) {
      expect(isCleanText(text), text).toBe(false);
    }
  });

  it("lets through words that only contain a listed one (the Scunthorpe problem)", () => {
    for (const text of [
      "I live in Scunthorpe",
      "Penistone and Essex",
      "the assassin's classic cocktail",
      "cockpit analysis of a therapist",
      "Dickens on bass",
      "cumulative grape shiitake",
      "The quiz on hashes is wrong: it says SHA-1 is safe.",
    ]) {
      expect(isCleanText(text), text).toBe(true);
    }
  });

  it("throws a 400 naming the field, and nothing for clean or empty fields", () => {
    expect(() => assertCleanText({ Description: "fine text", Other: undefined, Empty: "" })).not.toThrow();
    expect(() => assertCleanText({ Description: "fine", "E-mail": "sh1t@example.test" })).toThrow(
      expect.objectContaining({ statusCode: 400, message: textRefusedMessage("E-mail") }),
    );
  });

  it("checks e-mail addresses by their letters: random digits are no disguise, spelt-out words are refused", () => {
    for (const address of ["cap-a55d9d72@example.test", "fa648b23@example.test", "x-45579f8a@example.test"]) {
      expect(() => assertCleanAddress("E-mail", address), address).not.toThrow();
    }
    expect(() => assertCleanAddress("E-mail", "shithead@example.test")).toThrow(textRefusedMessage("E-mail"));
    expect(() => assertCleanAddress("E-mail", "scunthorpe.fan@example.test")).not.toThrow();
  });
});
