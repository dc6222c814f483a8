import { expect } from 'chai';
import { registerOpenModal } from '../components/modalStack';
import { useAssetModalStore } from './assetModal';

describe('asset modal store', () => {
  afterEach(() => useAssetModalStore.getState().closeModal());

  it('puts modal-open on the body while open', () => {
    useAssetModalStore.getState().openModal();
    expect(useAssetModalStore.getState().open).to.equal(true);
    expect(document.body.classList.contains('modal-open')).to.equal(true);
  });

  it('removes modal-open from the body when closed', () => {
    useAssetModalStore.getState().openModal();
    useAssetModalStore.getState().closeModal();
    expect(document.body.classList.contains('modal-open')).to.equal(false);
  });

  it('keeps modal-open while another modal is still open', () => {
    const other = registerOpenModal();
    try {
      useAssetModalStore.getState().openModal();
      useAssetModalStore.getState().closeModal();
      expect(document.body.classList.contains('modal-open')).to.equal(true);
    } finally {
      other.release();
    }
  });
});
