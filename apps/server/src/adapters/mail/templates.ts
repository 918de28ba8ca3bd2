import type { Mail } from "./mailer.ts";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Block = { heading: string; intro: string; code?: string; action?: { label: string; url: string }; outro: string };

/** One layout for every mail: dark terminal card, neon accent, plain-text twin. */
function render(to: string, subject: string, block: Block): Mail {
  const codeHtml = block.code
    ? `<p style="font-family:'Courier New',monospace;font-size:32px;letter-spacing:8px;color:#00ffa3;background:#0b0f14;border:1px solid #00ffa3;border-radius:6px;padding:16px;text-align:center;margin:24px 0">${escapeHtml(block.code)}</p>`
    : "";
  const actionHtml = block.action
    ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#00ffa3;color:#05070a;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px;font-family:'Courier New',monospace">${escapeHtml(block.action.label)}</a></p><p style="font-size:12px;color:#8b95a5;word-break:break-all">${escapeHtml(block.action.url)}</p>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;background:#05070a;padding:24px;font-family:Arial,sans-serif;color:#e6edf3">
<div style="max-width:520px;margin:0 auto;background:#0d1117;border:1px solid #1f2a37;border-radius:10px;padding:28px">
<p style="font-family:'Courier New',monospace;color:#00ffa3;margin:0 0 8px">&gt; NeonLab_</p>
<h1 style="font-size:22px;margin:0 0 16px;color:#ffffff">${escapeHtml(block.heading)}</h1>
<p style="line-height:1.6">${escapeHtml(block.intro)}</p>${codeHtml}${actionHtml}
<p style="line-height:1.6;color:#8b95a5;font-size:13px">${escapeHtml(block.outro)}</p>
</div></body></html>`;
  const text = [
    "> NeonLab_",
    "",
    block.heading,
    "",
    block.intro,
    block.code ? `\n    ${block.code}\n` : "",
    block.action ? `${block.action.label}: ${block.action.url}\n` : "",
    block.outro,
  ].join("\n");
  return { to, subject, text, html };
}

export const confirmationCodeMail = (to: string, code: string) =>
  render(to, `Your NeonLab confirmation code: ${code}`, {
    heading: "Confirm your email",
    intro: "Enter this code in NeonLab to confirm your account:",
    code,
    outro: "The code expires in 10 minutes. If you did not sign up, ignore this mail.",
  });

export const signInCodeMail = (to: string, code: string) =>
  render(to, `Your NeonLab sign-in code: ${code}`, {
    heading: "Sign in to NeonLab",
    intro: "Enter this one-time code to sign in:",
    code,
    outro: "The code expires in 10 minutes. If you did not try to sign in, ignore this mail.",
  });

export const passwordResetMail = (to: string, url: string) =>
  render(to, "Reset your NeonLab password", {
    heading: "Reset your password",
    intro: "Someone asked to reset the password of your NeonLab account. Choose a new one here:",
    action: { label: "Reset password", url },
    outro: "The link expires in 1 hour. If it was not you, ignore this mail; your password stays the same.",
  });

export const emailChangeMail = (to: string, url: string) =>
  render(to, "Confirm your new NeonLab email", {
    heading: "Confirm your new email",
    intro: "Open this link to confirm this address for your NeonLab account:",
    action: { label: "Confirm email", url },
    outro: "If you did not ask for this change, ignore this mail.",
  });

export const passwordChangedMail = (to: string) =>
  render(to, "Your NeonLab password was changed", {
    heading: "Your password was changed",
    intro: "The password of your NeonLab account was just changed, and sessions signed out with it ended.",
    outro: 'If it was not you, reset your password at once with "Forgot password" on the sign-in page.',
  });

export const emailChangedMail = (to: string, newEmail: string) =>
  render(to, "Your NeonLab email was changed", {
    heading: "Your email was changed",
    intro: `The email of your NeonLab account was changed from this address to ${newEmail}. Mail for the account goes there from now on.`,
    outro: "If it was not you, reply to this mail or write to us through the contact form at once.",
  });

export const referralInviteMail = (to: string, inviterName: string, url: string) =>
  render(to, `${inviterName} invited you to NeonLab`, {
    heading: "You're invited to NeonLab",
    intro: `${inviterName} thinks you'd enjoy learning by hacking on NeonLab: courses, quizzes, streaks and badges.`,
    action: { label: "Join NeonLab", url },
    outro: "If you don't know the sender, ignore this mail.",
  });

export const contactMail = (to: string, from: { name: string; email: string; subject: string; message: string }) =>
  render(to, `Contact form: ${from.subject}`, {
    heading: `Message from ${from.name} <${from.email}>`,
    intro: from.message,
    outro: "Sent from the NeonLab contact form.",
  });

export const dataExportReadyMail = (to: string, url: string) =>
  render(to, "Your NeonLab data is ready to download", {
    heading: "Your data export is ready",
    intro: "Everything NeonLab holds about you is in one JSON file. Sign in and download it here:",
    action: { label: "Download my data", url },
    outro:
      "The link works for 24 hours, only while you are signed in to this account. Didn't ask for it? Change your password.",
  });
