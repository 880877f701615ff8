// The music2Dance engine's public API (docs/creation.md, "Dance engine"): check a song before
// charging for it, then dance it with the offline engine or a motion-generation service.

export type { DanceModel, DanceOptions, DanceRequest, DanceResult } from './dance-model.ts';
export { OFFLINE_DANCE_ENGINE, offlineDanceModel } from './dance-model.ts';
export { createDanceModel } from './create-dance-model.ts';
export { HTTP_DANCE_ENGINE, type HttpDanceOptions, httpDanceModel } from './http-dance.ts';
export { checkSong, SONG_EXTENSIONS, SONG_LIMITS, SongError, songType, type SongRefusal, type SongType } from './song.ts';
