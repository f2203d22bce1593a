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
  const marks = {
    load: null,
    tapAt: null,
    hydratedAtTap: null,
    answeredAt: null,
    how: null,
    stamp: null,
    handlersEndAt: null,
    eventPaintAt: null,
    answerFrameAt: null,
    firstMoveFrameAt: null,
  };
  window.__firstAction = marks;
  // Event Timing (INP's own source): for each event of the tap (pointerdown,
  // pointerup, click…) when its handlers ended and the next paint after them.
  window.__tapEvents = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (marks.tapAt === null || entry.startTime < marks.tapAt - 1) continue;
        window.__tapEvents.push({
          name: entry.name,
          startTime: entry.startTime,
          processingEnd: entry.processingEnd,
          paintAt: entry.startTime + entry.duration,
        });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    // No Event Timing: the frame stamp alone.
  }
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
  // Checked in every frame until the answer shows, so it must cost the page next
  // to nothing: a document-wide selector match each frame (":popover-open",
  // "dialog[open]") was a few ms of a throttled main thread's frames, charged
  // to the answer it was waiting for.
  const menu = answer === "popover" ? control.popoverTargetElement : null;
  const dialogs = document.getElementsByTagName("dialog");
  const answered = () => {
    if (answer === "carousel") return track && Math.abs(track.scrollLeft - startLeft) >= 1 ? "track moved" : null;
    if (answer === "popover") return menu?.matches(":popover-open") ? "menu open" : null;
    for (const dialog of dialogs) if (dialog.open) return "dialog open";
    return Math.abs(window.scrollY - startY) > 40 ? "jumped to the form" : null;
  };
  // The answer's stamp is the paint of the first frame that shows it. When that
  // frame is the first one after the tap's handlers ran (the usual case: the
  // handler opened the dialog, moved the track, or the browser opened the
  // popover as the click's default action), Event Timing gives that paint's
  // time (startTime + duration, to 8 ms), which a task posted from the frame
  // would over-count by whatever task the event loop runs first (a hydration
  // slice, a module, an idle callback). When the answer shows in a later frame
  // (a tap replayed after hydration, a smooth scroll's first step), that frame
  // is stamped by a task posted from it, an upper bound (marks.stamp says which).
  const check = (frameAt) => {
    if (marks.answerFrameAt !== null) return;
    if (marks.tapAt === null) return requestAnimationFrame(check);
    // The first frame in which the page had scrolled at all (a smooth scroll's first pixel).
    if (marks.firstMoveFrameAt === null && window.scrollY !== startY) marks.firstMoveFrameAt = frameAt;
    const how = answered();
    if (!how) return requestAnimationFrame(check);
    marks.answerFrameAt = frameAt;
    // When this frame's callbacks ran: a frame's own timestamp is when the
    // compositor began it, which on a busy main thread can precede the tap's
    // handlers that ran before its callbacks (seen: 30-60 ms before).
    const ranAt = performance.now();
    setTimeout(() => {
      const postedAt = performance.now();
      // The entries of this tap are queued once their paint is known: wait for it.
      const settle = (tries) => {
        const events = window.__tapEvents;
        const handlersEndAt = events.length ? Math.max(...events.map((entry) => entry.processingEnd)) : null;
        const eventPaintAt = events.length ? Math.max(...events.map((entry) => entry.paintAt)) : null;
        if (eventPaintAt === null && tries > 0) return setTimeout(() => settle(tries - 1), 50);
        marks.handlersEndAt = handlersEndAt;
        marks.eventPaintAt = eventPaintAt;
        // The frame that shows the answer ran its callbacks after the handlers
        // ended and before the paint Event Timing reports for them: that paint shows it.
        const samePaint = eventPaintAt !== null && ranAt >= handlersEndAt - 1 && ranAt <= eventPaintAt + 1;
        marks.stamp = samePaint ? "event timing" : "frame task";
        marks.answeredAt = samePaint ? eventPaintAt : postedAt;
        marks.how = how;
      };
      settle(20);
    }, 0);
  };
  requestAnimationFrame(check);
  // A frame's callbacks run in the order they were asked for, and the check
  // above asks for the next frame before the tap: a page that answers in a
  // frame callback asked for at the tap (the carousel's glide) would move the
  // track after the check had looked, and the answer would be seen a frame
  // late, by the fallback stamp. This check is asked for after the page's
  // click listeners at the window (the first-tap script's); React's and the
  // browser's answers (a dialog, a popover, a jump) are in place by then anyway.
  addEventListener("click", () => requestAnimationFrame(check), { capture: true, once: true });
  window.__tapArmed = true;
  const box = control.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
};
