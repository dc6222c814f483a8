import { create } from 'zustand';

export type AlertTone = 'success' | 'error' | 'info';

export interface Alert {
  id: number;
  message: string;
  tone: AlertTone;
}

interface AlertsState {
  alerts: Alert[];
  show: (message: string, tone?: AlertTone) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** At most this many alerts stay on screen; older ones give way. */
const MAX_ALERTS = 3;

/** Short messages over the page ("signed in", "data updated"), shown by `AlertHost`. */
export const useAlerts = create<AlertsState>()((set) => ({
  alerts: [],
  show: (message, tone = 'success') => {
    const id = nextId++;
    set((state) => ({ alerts: [...state.alerts, { id, message, tone }].slice(-MAX_ALERTS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
}));

/** Shows an alert from anywhere (event handlers, after navigation). */
export function showAlert(message: string, tone: AlertTone = 'success'): number {
  return useAlerts.getState().show(message, tone);
}
