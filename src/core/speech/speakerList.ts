// The speaker list (spec 4.4: `speakers`, items `{id, name}`, 2.4) as services actually write it. Wire-notes leaves
// the shape open; related speech services put the array under `speakers`, `voices`, `data`, `data.list` or `result`
// and name the voice and its label in their own words: the voice as `voice`, `voice_id`, `speaker`, `speaker_id`,
// `voice_type`, `voice_name` or `name` (when nothing else names it, `name` is the voice, as in lists of voice
// names), the label as `name`, `display_name`, `label`, `voice_name`, `speaker_name`, `title`, `desc` or
// `description`; some lists are plain strings. The spec's `id` and `name` come first wherever they are present.
import * as z from '../../shared/zod';
import { ServiceError } from '../http/serviceError';
import { nonEmptyText, pickField, placesOf, recordOf } from './pickField';
import type { Speaker } from './speechPayloads';

const LIST_FIELDS = ['speakers', 'voices', 'list'];
const CONTAINER_FIELDS = ['data', 'result'];
const ID_FIELDS = ['id', 'voiceid', 'speakerid', 'voice', 'speaker', 'voicetype', 'shortname', 'voicename', 'name'];
const LABEL_FIELDS = ['name', 'displayname', 'label', 'localname', 'voicename', 'speakername', 'title', 'desc', 'description'];

const array = z.array(z.unknown());
const idValue = z.union([nonEmptyText, z.pipe(z.number(), z.transform(String))]);

/** The array that holds the speakers, wherever the answer keeps it; undefined when it has none. */
export function speakerArrayOf(answer: unknown): readonly unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  const record = recordOf(answer);
  if (record === undefined) return undefined;
  const own = pickField(record, [...LIST_FIELDS, ...CONTAINER_FIELDS], array);
  if (own !== undefined) return own.value;
  for (const place of placesOf(record).slice(1)) {
    const list = pickField(place, LIST_FIELDS, array);
    if (list !== undefined) return list.value;
  }
  return undefined;
}

function speakerOf(item: unknown): Speaker | undefined {
  const plain = idValue.safeParse(item);
  if (plain.success) return { id: plain.data, name: plain.data };
  const record = recordOf(item);
  const id = record === undefined ? undefined : pickField(record, ID_FIELDS, idValue);
  if (record === undefined || id === undefined) return undefined;
  return { id: id.value, name: pickField(record, LABEL_FIELDS, nonEmptyText, id.name)?.value ?? id.value };
}

/** The speakers of a list; an item that names no voice is skipped, and a list of only such items is an error. */
export function speakersFrom(list: readonly unknown[]): Speaker[] {
  const speakers = list.flatMap((item) => speakerOf(item) ?? []);
  if (list.length > 0 && speakers.length === 0) {
    throw new ServiceError(
      'protocol',
      `The speaker list has ${list.length} items, and none names a voice under a field the client knows (id, voice, voice_id, speaker, name, …).`,
    );
  }
  return speakers;
}
