/**
 * Blur validation waits for a mouse button or a finger to be released. A field blurs on the
 * pointer's press; were its error shown or hidden right then, the form below it would move
 * before the release, and the click (press and release on the same element) would be lost —
 * as a failed sign-up's terms checkbox lost its first click once the field above lost its error.
 */

/** A press longer than this (or a release the page never sees) does not hold validation back. */
const MAX_WAIT_MS = 1000;

let pressed = false;
let watching = false;
let waiting: (() => void)[] = [];

function release(): void {
  pressed = false;
  const run = waiting;
  waiting = [];
  // After the click that follows the release, in the same input task.
  if (run.length > 0) setTimeout(() => run.forEach((callback) => callback()));
}

/** Starts following pointer presses on the document (once). */
export function watchPointerPresses(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `callback` now, or once the pointer pressed at the moment is released. */
export function afterPointerRelease(callback: () => void): void {
  if (!pressed) {
    callback();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  waiting.push(once);
  setTimeout(once, MAX_WAIT_MS);
}
