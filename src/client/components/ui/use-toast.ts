import { type ReactNode, useEffect, useState } from 'react';

/** Spec 000 §9: one toast at a time. Display time, swipe and the F8 hotkey are Radix's defaults. */
const toastLimit = 1;
/** How long a dismissed toast stays mounted so Radix can play its exit. */
const removeDelayMs = 1000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Milliseconds on screen; Radix's 5000 ms when omitted. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastEntry[] = [];
const listeners = new Set<(toasts: ToastEntry[]) => void>();
let counter = 0;

function publish(next: ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id?: string): void {
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => publish(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))), removeDelayMs);
}

/** Shows a toast, replacing the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter += 1;
  const id = String(counter);
  publish([{ ...options, id, open: true }, ...toasts].slice(0, toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setState] = useState<ToastEntry[]>(toasts);
  useEffect(() => {
    listeners.add(setState);
    // A toast shown between the first render and now (the toaster loads when one is shown) is not missed.
    setState(toasts);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast, dismiss: dismissToast };
}
