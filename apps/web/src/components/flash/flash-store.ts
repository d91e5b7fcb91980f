import { useSyncExternalStore } from 'react';
import { errorMessages } from '../../lib/errors';

/** The four kinds of flash message of spec part 1 §2. */
export const FLASH_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type FlashType = (typeof FLASH_TYPES)[number];

export interface FlashMessage {
  id: number;
  type: FlashType;
  text: string;
}

// A tiny external store rather than React context: features raise flashes from mutation callbacks and
// other non-React code, and the shell's navigation and sign-in rules clear them from outside any screen.
let messages: readonly FlashMessage[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly FlashMessage[]): void {
  messages = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a flash message; the same text of the same type is shown once, not stacked. A success replaces
 * the success and error flashes before it: they were about the actions and attempts that came before,
 * and a moderator working down a queue should read what the last click did, not a pile of earlier
 * answers (nor an error beside a success, which would say the opposite of what happened). So a success
 * with the same text as the one showing is a new flash too (the answer to a new click, e.g. saving a
 * long form a second time), which the stack then scrolls into view like any new one.
 */
export function showFlash(type: FlashType, text: string): number {
  const existing = messages.find((message) => message.type === type && message.text === text);
  if (existing && type !== 'success') return existing.id;
  lastId += 1;
  const kept =
    type === 'success'
      ? messages.filter((message) => message.type !== 'error' && message.type !== 'success')
      : messages;
  publish([...kept, { id: lastId, type, text }]);
  return lastId;
}

/** Shortcuts: `flash.success('Settings saved successfully.')`. */
export const flash = {
  success: (text: string) => showFlash('success', text),
  info: (text: string) => showFlash('info', text),
  warning: (text: string) => showFlash('warning', text),
  error: (text: string) => showFlash('error', text),
};

/** Shows every text the error mapping gives for `error` as an error flash (spec part 1 §8). */
export function flashError(error: unknown): void {
  for (const text of errorMessages(error)) showFlash('error', text);
}

export function closeFlash(id: number): void {
  publish(messages.filter((message) => message.id !== id));
}

/** Closes the flashes of one type (navigation closes the success ones), or all of them. */
export function closeFlashes(type?: FlashType): void {
  if (messages.length === 0) return;
  publish(type ? messages.filter((message) => message.type !== type) : []);
}

export function getFlashMessages(): readonly FlashMessage[] {
  return messages;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFlashMessages(): readonly FlashMessage[] {
  return useSyncExternalStore(subscribe, getFlashMessages, getFlashMessages);
}
