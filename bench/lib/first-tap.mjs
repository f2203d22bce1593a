/* global window, document, addEventListener, requestAnimationFrame -- the recorder and the checks run in the page */
// What bench/first-action.mjs and bench/first-tap-trace.mjs share: the control
// tapped on each page, the phone's user agent, and the in-page recorder of the
// tap and its visible answer.

/**
 * The control tapped on each page, and how its answer shows. Before the
 * scripts run, some answer as HTML (a link's jump, a popover): that is the
 * visible answer then, as a visitor sees it.
 * - /: the carousel's Next arrow, a control only script answers: the track moves.
 * - /packages/bali: Enquire Now, the page's main action: its dialog opens (or,
 *   as HTML, the page jumps to the enquiry form).
 * - /gallery: nothing on it is script-only on a phone (its strips are CSS, its
 *   pause a checkbox, Call Now a tel: link), so the Menu button: every page's
 *   first control, an HTML popover, answered by the browser as soon as the main
 *   thread is free, which is what script work can delay.
 */
export const CONTROLS = {
  "/": { role: "button", name: "Next destination", answer: "carousel" },
  "/packages/bali": { role: "link", name: "Enquire Now", answer: "dialog-or-jump" },
  "/gallery": { role: "button", name: "Menu", answer: "popover" },
};

export const ANDROID_UA = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

// Runs in every page before its own scripts: when the armed tap went down, and the load event.
export const RECORDER = () => {
  const marks = { load: null, tapAt: null, hydratedAtTap: null, answeredAt: null, how: null };
  window.__firstAction = marks;
  addEventListener("load", () => (marks.load = performance.now()), { once: true });
  addEventListener(
    "pointerdown",
    (event) => {
      if (!window.__tapArmed || marks.tapAt !== null) return;
      marks.tapAt = event.timeStamp;
      marks.hydratedAtTap = document.documentElement.hasAttribute("data-hydrated");
    },
    { capture: true },
  );
};

/**
 * Arms the recorder and starts watching for the control's answer; resolves the
 * control's centre in the viewport. Runs in the page.
 */
export const ARM = ({ role, name, answer }) => {
  const find = () => {
    const candidates = [...document.querySelectorAll(role === "link" ? "a[href]" : "button")];
    return candidates.find((element) => element.textContent.trim() === name && element.getClientRects().length > 0);
  };
  const control = find();
  if (!control) throw new Error(`no visible ${role} named ${name}`);
  const rect = control.getBoundingClientRect();
  if (rect.top < 0 || rect.bottom > window.innerHeight) control.scrollIntoView({ block: "center", behavior: "instant" });
  const marks = window.__firstAction;
  const startY = window.scrollY;
  // The carousel's track: the scrollable list beside its controls.
  let carousel = control;
  while (carousel && !carousel.querySelector('ul[tabindex="0"]')) carousel = carousel.parentElement;
  const track = answer === "carousel" ? carousel?.querySelector('ul[tabindex="0"]') : null;
  const startLeft = track?.scrollLeft ?? 0;
  const answered = () => {
    if (answer === "carousel") return track && Math.abs(track.scrollLeft - startLeft) >= 1 ? "track moved" : null;
    if (answer === "popover") return document.querySelector(":popover-open") ? "menu open" : null;
    if (document.querySelector("dialog[open]")) return "dialog open";
    return Math.abs(window.scrollY - startY) > 40 ? "jumped to the form" : null;
  };
  const check = () => {
    if (marks.tapAt === null) return requestAnimationFrame(check);
    const how = answered();
    if (!how) return requestAnimationFrame(check);
    // This frame shows the answer; a task posted now runs once it has been rendered.
    setTimeout(() => {
      marks.answeredAt = performance.now();
      marks.how = how;
    }, 0);
  };
  requestAnimationFrame(check);
  window.__tapArmed = true;
  const box = control.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};
