import { create } from 'zustand';

export interface UiState {
  /** The mobile navigation drawer. */
  menuOpen: boolean;
  /** A fatal error caught outside React (window error / unhandled rejection): shows the 500 page. */
  fatalError: unknown;
  /** Bumped by `clearFatal`; keys the route error boundary so "to main" always starts afresh. */
  errorResetCount: number;
  setMenuOpen: (open: boolean) => void;
  reportFatal: (error: unknown) => void;
  clearFatal: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  menuOpen: false,
  fatalError: null,
  errorResetCount: 0,
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  reportFatal: (fatalError) => set({ fatalError: fatalError ?? new Error('Unknown fatal error') }),
  clearFatal: () => set((state) => ({ fatalError: null, errorResetCount: state.errorResetCount + 1 })),
}));
