import { create } from 'zustand';
import { registerOpenModal, type OpenModalLayer } from '../components/modalStack';

export interface AssetModalState {
  open: boolean;
  openModal: () => void;
  closeModal: () => void;
}

export const useAssetModalStore = create<AssetModalState>()((set) => ({
  open: false,
  openModal: () => set({ open: true }),
  closeModal: () => set({ open: false }),
}));

/**
 * Spec §4: while the asset modal is open the page body carries `modal-open`. The class is held
 * through the UI kit's modal stack, so it stays while any other modal is still open.
 */
let layer: OpenModalLayer | null = null;

useAssetModalStore.subscribe((state) => {
  if (state.open && !layer) {
    layer = registerOpenModal();
  } else if (!state.open && layer) {
    layer.release();
    layer = null;
  }
});
