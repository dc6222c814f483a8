/**
 * The stack of open modal layers. While any is open `document.body` carries the class
 * `modal-open` (the page behind stops scrolling); only the topmost layer answers the keyboard.
 * Other overlays (e.g. the asset modal store) can hold the class through `registerOpenModal()`
 * too, so closing one layer never clears it while another is still open.
 */
export const MODAL_OPEN_CLASS = 'modal-open';

export interface OpenModalLayer {
  isTopmost(): boolean;
  release(): void;
}

const layers: object[] = [];

export function registerOpenModal(): OpenModalLayer {
  const layer = {};
  layers.push(layer);
  document.body.classList.add(MODAL_OPEN_CLASS);
  return {
    isTopmost: () => layers[layers.length - 1] === layer,
    release(): void {
      const index = layers.indexOf(layer);
      if (index >= 0) layers.splice(index, 1);
      if (layers.length === 0) document.body.classList.remove(MODAL_OPEN_CLASS);
    },
  };
}
