// The dance player's clock, kept free of three.js and the DOM so it can be tested on its own.
//
// The song is the only clock: every frame the dance is posed at the audio element's
// `currentTime`. Summing frame deltas instead would drift from the music (the audio device's
// clock and the display's run apart, frames are dropped, the tab sleeps) and would have to be
// told about every pause, seek, rate change and stall; reading the song's time needs none of that.

/** The writable time of a three.js AnimationAction. */
export interface DanceAction {
  time: number;
}

/** What the player needs of a three.js AnimationMixer. */
export interface DanceMixer {
  update(deltaSeconds: number): unknown;
}

/**
 * Where the dance is when the song is at `audioTime` seconds: the same time, held inside the
 * clip. Before the song starts (or while its time is unknown) the first pose; past the clip's end
 * the last one, as a dance that ended stands still (the dance never loops).
 */
export function danceTime(audioTime: number, clipDuration: number): number {
  if (!Number.isFinite(audioTime) || audioTime <= 0) return 0;
  return Math.min(audioTime, Math.max(clipDuration, 0));
}

/**
 * Poses the dance at the song's time and answers the time it shows. The action's time is set
 * and the mixer evaluated with a zero step: a zero step never advances, loops or finishes the
 * action (three.js skips its end-of-clip handling then), so a seek back after the end, a pause or
 * a rate change need no bookkeeping here.
 */
export function poseAt(mixer: DanceMixer, action: DanceAction, audioTime: number, clipDuration: number): number {
  action.time = danceTime(audioTime, clipDuration);
  mixer.update(0);
  return action.time;
}

/** The largest gap seen between the pose shown and the song, over the frames measured. */
export interface DriftMeter {
  /**
   * One drawn frame: the time its pose shows and the song's time when the frame was drawn.
   * Frames past the end of the clip are not counted: the last pose is held there on purpose.
   */
  record(poseTime: number, audioTime: number, clipDuration: number): void;
  /** The largest |pose − song| so far, in milliseconds (0 before any frame). */
  readonly maxMs: number;
  /** How many frames were measured. */
  readonly frames: number;
}

export function createDriftMeter(): DriftMeter {
  let maxMs = 0;
  let frames = 0;
  return {
    record(poseTime, audioTime, clipDuration) {
      if (!Number.isFinite(audioTime) || audioTime > clipDuration) return;
      frames += 1;
      maxMs = Math.max(maxMs, Math.abs(poseTime - audioTime) * 1000);
    },
    get maxMs() {
      return maxMs;
    },
    get frames() {
      return frames;
    },
  };
}

/** A time in a song as m:ss (0:00 while it is unknown). */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
