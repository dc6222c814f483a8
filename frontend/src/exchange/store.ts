/**
 * The exchange the visitor is putting together: the pair, the amount on the side they typed,
 * the rate type and the step. Kept in sessionStorage so a reload or a trip to another page
 * keeps the choice; the pair is also written to the address (`?from=…&to=…`) by the widget.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RateType } from '../../../common/enums';
import { useAssetModalStore } from '../stores/assetModal';
import type { AmountSide } from './quote';

export type ExchangeStep = 'amounts' | 'details';

export interface ExchangeChoice {
  from: string | null;
  to: string | null;
  /** What the visitor typed, on `side`; the other side is computed from it. */
  amount: string;
  side: AmountSide;
  rateType: RateType | null;
  step: ExchangeStep;
}

export interface ExchangeState extends ExchangeChoice {
  /** Which selector opened the asset modal; null while it is closed. */
  picking: AmountSide | null;
  /**
   * Sets the pair. The typed amount stays only while its own asset stays (a new asset on the
   * other side is just recomputed); a new asset on the typed side makes it meaningless
   * (5000 RUB is not 5000 BTC), so it is cleared.
   */
  setPair: (from: string, to: string) => void;
  setAmount: (side: AmountSide, amount: string) => void;
  setRateType: (rateType: RateType) => void;
  /** Swaps the assets; the amount stays with its asset (typed on send, it is now received). */
  swap: () => void;
  openPicker: (side: AmountSide) => void;
  closePicker: () => void;
  setStep: (step: ExchangeStep) => void;
}

export const EXCHANGE_STORAGE_KEY = 'exchange';

export const INITIAL_CHOICE: ExchangeChoice = {
  from: null,
  to: null,
  amount: '',
  side: 'send',
  rateType: null,
  step: 'amounts',
};

export const useExchangeStore = create<ExchangeState>()(
  persist(
    (set) => ({
      ...INITIAL_CHOICE,
      picking: null,
      setPair: (from, to) =>
        set((state) => {
          const typedAsset = state.side === 'send' ? state.from : state.to;
          const keeps = typedAsset === (state.side === 'send' ? from : to);
          return keeps ? { from, to } : { from, to, amount: '' };
        }),
      setAmount: (side, amount) => set({ side, amount }),
      setRateType: (rateType) => set({ rateType }),
      swap: () =>
        set((state) => ({
          from: state.to,
          to: state.from,
          side: state.side === 'send' ? 'receive' : 'send',
        })),
      openPicker: (picking) => {
        set({ picking });
        useAssetModalStore.getState().openModal();
      },
      closePicker: () => {
        set({ picking: null });
        useAssetModalStore.getState().closeModal();
      },
      setStep: (step) => set({ step }),
    }),
    {
      name: EXCHANGE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ from, to, amount, side, rateType, step }): ExchangeChoice => ({ from, to, amount, side, rateType, step }),
    },
  ),
);
