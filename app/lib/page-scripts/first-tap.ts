/** What the first-tap script needs from the server. */
export type FirstTapOptions = {
  /** The user agents whose call buttons open the dialler (a regular expression's source, case-insensitive). */
  diallerDevices: string;
};

/**
 * The answers to taps that must never wait for the page's modules (ADR 078).
 * Runs inline at the top of every public page's body (FirstTapScript), before
 * anything is drawn, and for the page's whole life: it listens at the document,
 * so controls drawn later (client navigation, dialogs) are answered too.
 *
 * - Call buttons (`a[data-call-button]`, spec §8): on a device that is not an
 *   iPhone, iPad, iPod or Android the number is copied and the button's notice
 *   (the element `data-call-button` names) says so for 4 s; on those the tel:
 *   link is left to the browser, which opens the dialler.
 * - Carousel arrows (`[data-carousel-step]` inside `[data-carousel]`) and the
 *   arrow keys on a carousel's track (`[data-carousel-track]`) move it by one
 *   card, looping at the ends; the carousel's autoplay presses the same arrow.
 * - Until React has hydrated (`<html data-hydrated>`), no tap, key or focus
 *   reaches React (see below), and a tap on any other script-only button
 *   (`type="button"`, not a popover's) is replayed once it has (ADR 069).
 *
 * Sent as its source (inlineCall): it uses nothing from outside its body.
 */
export function answerFirstTaps({ diallerDevices }: FirstTapOptions): void {
  /** How long a call button's notice stays up. */
  const NOTICE_MS = 4000;
  const notices = new Map<Element, ReturnType<typeof setTimeout>>();
  /** How long a carousel takes to glide one card, and the frame of each glide under way. */
  const GLIDE_MS = 300;
  const glides = new Map<Element, number>();
  const callFrom = (link: HTMLAnchorElement) => {
    const phone = link.dataset.phone ?? "";
    const notice = document.getElementById(link.dataset.callButton ?? "");
    const show = () => {
      if (!notice) return;
      notice.textContent = link.dataset.copied ?? "";
      clearTimeout(notices.get(notice));
      notices.set(
        notice,
        setTimeout(() => (notice.textContent = ""), NOTICE_MS),
      );
    };
    void navigator.clipboard?.writeText(phone).then(show, show);
  };

  const moveCarousel = (track: Element | null | undefined, step: number) => {
    if (!(track instanceof HTMLElement)) return;
    const slides = [...track.children].filter((slide): slide is HTMLElement => slide instanceof HTMLElement);
    const left = track.getBoundingClientRect().left;
    // The first slide whose left edge is at (or past) the track's left edge is the current one.
    const current = slides.findIndex((slide) => slide.getBoundingClientRect().left >= left - 2);
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    let next = Math.max(0, current) + step;
    if (step > 0 && atEnd) next = 0;
    if (next < 0) next = slides.length - 1;
    const target = slides[next];
    if (!target || !slides[0]) return;
    const to = target.offsetLeft - slides[0].offsetLeft;
    cancelAnimationFrame(glides.get(track) ?? 0);
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return void (track.scrollLeft = to);
    // A glide of our own rather than a smooth scrollTo: the browser's starts
    // slowly and showed its first pixel 200-300 ms after the tap on a slow
    // phone; this one eases out from the very next frame (issue 42). Snapping
    // would pull each step back to a card, so it is off while it glides.
    const from = track.scrollLeft;
    const start = performance.now() - 16;
    track.style.scrollSnapType = "none";
    // The clock, not the frame's timestamp: on a busy phone a frame's begin
    // time can precede the tap's handler, which would hold the first step back.
    let at = from;
    const glide = () => {
      const t = Math.min(1, (performance.now() - start) / GLIDE_MS);
      // A visitor's own swipe (or any other scroll) since the last step wins.
      if (Math.abs(track.scrollLeft - at) < 2) {
        track.scrollLeft = from + (to - from) * (1 - (1 - t) ** 3);
        at = track.scrollLeft;
        if (t < 1) return glides.set(track, requestAnimationFrame(glide));
      }
      track.style.scrollSnapType = "";
    };
    glides.set(track, requestAnimationFrame(glide));
  };

  // At the window, before anything else sees the event (React listens at the document).
  addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const call = target?.closest<HTMLAnchorElement>("a[data-call-button]");
      if (call) {
        if (new RegExp(diallerDevices, "i").test(navigator.userAgent)) return;
        event.preventDefault();
        callFrom(call);
        return;
      }
      const arrow = target?.closest<HTMLElement>("[data-carousel-step]");
      if (arrow) moveCarousel(arrow.closest("[data-carousel]")?.querySelector("[data-carousel-track]"), Number(arrow.dataset.carouselStep));
    },
    { capture: true },
  );
  addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const target = event.target instanceof Element ? event.target : null;
      const track = target?.closest("[data-carousel-track]");
      // On the track itself or a card's link: the keys of a field or button inside stay theirs.
      if (!track || (target !== track && !(target instanceof HTMLAnchorElement))) return;
      event.preventDefault();
      moveCarousel(track, event.key === "ArrowRight" ? 1 : -1);
    },
    { capture: true },
  );

  // Until React has hydrated, the page is HTML. React listens from the moment
  // hydration starts, and a discrete event (a tap, a key, a focus) reaching it
  // before it has finished makes it hydrate all the rest at once to answer it:
  // one long task, the wait a first tap must never have. So those events stop
  // here, after the answers above, and the browser answers them as HTML: links
  // navigate, forms post, popovers, <details> and fields work. A tap on a
  // script-only button is kept and replayed once React has hydrated (ADR 069).
  const root = document.documentElement;
  if (root.hasAttribute("data-hydrated")) return;
  const reactsAtOnce = [
    "pointerdown",
    "pointerup",
    "pointercancel",
    "mousedown",
    "mouseup",
    "touchstart",
    "touchend",
    "touchcancel",
    "click",
    "auxclick",
    "dblclick",
    "contextmenu",
    "keydown",
    "keyup",
    "keypress",
    "focusin",
    "focusout",
    "beforeinput",
    "input",
    "change",
    "select",
    "submit",
    "reset",
    "invalid",
    "compositionstart",
    "compositionupdate",
    "compositionend",
    "copy",
    "cut",
    "paste",
    "dragstart",
    "dragend",
    "drop",
  ];
  const held: HTMLElement[] = [];
  const shield = (event: Event) => {
    event.stopPropagation();
    if (event.type !== "click") return;
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('button[type="button"]:not([popovertarget]):not([commandfor]):not([data-carousel-step])');
    if (control) held.push(control);
  };
  for (const type of reactsAtOnce) addEventListener(type, shield, { capture: true });
  new MutationObserver((_records, observer) => {
    if (!root.hasAttribute("data-hydrated")) return;
    observer.disconnect();
    for (const type of reactsAtOnce) removeEventListener(type, shield, { capture: true });
    for (const control of held.splice(0)) if (control.isConnected) control.click();
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}
