// A real-time answer in JSON that carries the audio itself (base64) and, when `enable_ts` asked for them, sentence
// timestamps (spec 4.5; docs/wire.md: "accept timestamps in a JSON body with base64 audio, or none"). The local service
// answers `{audio, timestamps: [{text, begin_ms, end_ms}]}`; related speech services name the same `subtitles` or
// `sentences`, with `begin_time`/`start_time` and `end_time` in milliseconds and the text as `text` or `sentence`,
// and some keep all of it under `data` or `result`. The audio may come as a `data:` URL. Timestamps the client cannot
// read are dropped, never the audio.
import * as z from '../../shared/zod';
import { nonEmptyText, numeric, pickField, placesOf, recordOf } from './pickField';
import type { Timestamp } from './speechPayloads';

export interface TimedAudio {
  readonly audio: Buffer;
  readonly timestamps?: readonly Timestamp[];
}

const AUDIO_FIELDS = ['audio', 'audiodata', 'audiobase64', 'audiocontent'];
const LIST_FIELDS = ['timestamps', 'subtitles', 'sentences'];
const TEXT_FIELDS = ['text', 'sentence'];
const BEGIN_FIELDS = ['beginms', 'begintime', 'starttime', 'startms'];
const END_FIELDS = ['endms', 'endtime'];

const base64 = z.pipe(
  nonEmptyText,
  z.transform((value) => Buffer.from(value.replace(/^data:[^,]*;base64,/, ''), 'base64')),
);
const items = z.array(z.unknown());
const milliseconds = z.pipe(numeric, z.number().check(z.gte(0)));

function timestampOf(item: unknown): Timestamp | undefined {
  const record = recordOf(item);
  if (record === undefined) return undefined;
  const text = pickField(record, TEXT_FIELDS, nonEmptyText)?.value;
  const beginMs = pickField(record, BEGIN_FIELDS, milliseconds)?.value;
  const endMs = pickField(record, END_FIELDS, milliseconds)?.value;
  return text === undefined || beginMs === undefined || endMs === undefined ? undefined : { text, beginMs, endMs };
}

/** The audio bytes (not yet checked to be audio) and readable timestamps; undefined when the answer holds no audio. */
export function timedAudioOf(answer: unknown): TimedAudio | undefined {
  const record = recordOf(answer);
  if (record === undefined) return undefined;
  const where = placesOf(record);
  const audio = where.map((place) => pickField(place, AUDIO_FIELDS, base64)?.value).find((bytes) => bytes !== undefined && bytes.length > 0);
  if (audio === undefined) return undefined;
  for (const place of where) {
    const list = pickField(place, LIST_FIELDS, items)?.value;
    const timestamps = list?.flatMap((item) => timestampOf(item) ?? []);
    if (timestamps !== undefined && timestamps.length > 0) return { audio, timestamps };
  }
  return { audio };
}
