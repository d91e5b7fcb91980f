import type { UserSettings } from '../../lib/session';

/** notification_sound defaults to on (spec part 1 §3). */
export const wantsSound = (settings: UserSettings | null | undefined): boolean =>
  settings?.notification_sound !== false;

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

/**
 * A short two-tone chime made with Web Audio: no sound file to download, nothing from the network. A
 * browser that refuses to play before the member has interacted with the page just stays silent.
 */
export function playNotificationSound(): void {
  const Context = (window.AudioContext ??
    (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
    AudioContextClass | undefined;
  if (!Context) return;
  try {
    context ??= new Context();
    void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    for (const [frequency, offset] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const tone = context.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + offset);
      tone.connect(gain);
      tone.start(start + offset);
      tone.stop(start + offset + 0.2);
    }
  } catch (error) {
    console.warn('The notification sound could not play:', error);
  }
}
