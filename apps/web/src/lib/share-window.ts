import { SHARE_POPUP } from "@neonlab/shared/constants";
import { opensInPopup } from "@neonlab/shared/share";

/** Position of a popup centred on the current window (accounts for a zoomed system display). */
export function centredPopupFeatures(win: Window, width = SHARE_POPUP.width, height = SHARE_POPUP.height): string {
  const innerWidth = win.innerWidth || win.document.documentElement.clientWidth || win.screenX;
  const innerHeight = win.innerHeight || win.document.documentElement.clientHeight || win.screenY;
  const zoom = win.screen.availWidth ? innerWidth / win.screen.availWidth : 1;
  const left = Math.round((innerWidth - width) / 2 / zoom + (win.screenLeft ?? win.screenX));
  const top = Math.round((innerHeight - height) / 2 / zoom + (win.screenTop ?? win.screenY));
  return `width=${width},height=${height},left=${left},top=${top},noopener`;
}

/** Opens a share URL: http(s) in the 500×500 "sharer" popup, anything else (mailto:, sms:…) in a new tab. */
export function openShareUrl(url: string, win: Window = window): void {
  if (opensInPopup(url)) win.open(url, SHARE_POPUP.name, centredPopupFeatures(win));
  else win.open(url, "_blank", "noopener");
}
