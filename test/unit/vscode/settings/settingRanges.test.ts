// The range and the choices each setting declares are the ones the code takes: a value the Settings editor accepts is
// used as it is, never refused or capped further down, and a value the code would take is not refused by the editor.
// Each setting that feeds a checked value is compared with that check; every mismatch is named at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retrievalOptionsSchema } from '../../../../src/core/chat/chatRequest';
import { effectiveThreshold } from '../../../../src/core/speech/speechLimits';
import { synthesisRequestSchema } from '../../../../src/core/speech/speechPayloads';
import { chatParamSpec } from '../../../../src/shared/chatParams';
import { maxImageFileBytes } from '../../../../src/shared/imageHeader';
import { synthesisRequest } from '../../../../src/vscode/speech/speechRequest';
import type { ManifestSchema } from '../../../../src/vscode/settings/settingKinds';
import { parseSettings, settingsDeclaration, type SettingKey } from '../../../../src/vscode/settings/settingsDeclaration';

interface Declared {
  readonly minimum: number;
  readonly maximum: number;
}

function declared(key: SettingKey): Declared {
  const manifest: ManifestSchema = settingsDeclaration[key].kind.manifest;
  const { minimum, maximum } = manifest;
  assert.ok(typeof minimum === 'number' && typeof maximum === 'number', `${key} declares a range`);
  return { minimum, maximum };
}

function choices(key: SettingKey): readonly unknown[] {
  const manifest: ManifestSchema = settingsDeclaration[key].kind.manifest;
  assert.ok(Array.isArray(manifest.enum), `${key} declares its choices`);
  return manifest.enum;
}

/** Whether the synthesis request built from these speech settings passes the request's own check. */
function speechTakes(values: Partial<Record<SettingKey, unknown>>): boolean {
  const { settings, problems } = parseSettings(values);
  if (problems.length > 0) return false;
  return synthesisRequestSchema.safeParse(synthesisRequest(settings, 'Hello.')).success;
}

/** Each mismatch between a declared range and the code's, as a line naming the setting. */
function rangeMismatches(): string[] {
  const found: string[] = [];
  const check = (key: SettingKey, what: string, holds: boolean): void => {
    if (!holds) found.push(`${settingsDeclaration[key].name}: ${what}`);
  };
  for (const [key, field] of [
    ['speechVolume', 'volumn'],
    ['speechSpeed', 'speed'],
    ['speechPitch', 'pitch'],
  ] as const) {
    const { minimum, maximum } = declared(key);
    check(key, `the synthesis request takes the declared ${minimum} and ${maximum}`, speechTakes({ [key]: minimum }) && speechTakes({ [key]: maximum }));
    const beyond = (value: number): boolean => synthesisRequestSchema.safeParse({ text: 'Hello.', [field]: value }).success;
    check(key, `the synthesis request refuses ${minimum - 1} and ${maximum + 1}`, !beyond(minimum - 1) && !beyond(maximum + 1));
  }
  for (const key of ['speechSampleRate', 'speechFormat'] as const) {
    const every = choices(key);
    check(
      key,
      `the synthesis request takes every declared choice (${every.join(', ')})`,
      every.every((value) => speechTakes({ [key]: value })),
    );
  }
  const rates = synthesisRequestSchema.shape.sample_rate.def.innerType.def.options.flatMap((option) => option.def.values);
  check('speechSampleRate', `declares the request's rates ${rates.join(', ')}`, JSON.stringify(choices('speechSampleRate')) === JSON.stringify(rates));
  const formats = synthesisRequestSchema.shape.format.def.innerType.options;
  check('speechFormat', `declares the request's formats ${formats.join(', ')}`, JSON.stringify(choices('speechFormat')) === JSON.stringify(formats));

  const threshold = declared('speechLongTextThreshold');
  check(
    'speechLongTextThreshold',
    `declares at most ${effectiveThreshold(Number.MAX_SAFE_INTEGER)}, the threshold the code uses at most, not ${threshold.maximum}`,
    effectiveThreshold(threshold.maximum) === threshold.maximum,
  );

  const tokens = declared('lmMaxOutputTokens');
  const { min, max } = chatParamSpec('maxTokens');
  check(
    'lmMaxOutputTokens',
    `declares ${min} to ${max}, the request's max_tokens range, not ${tokens.minimum} to ${tokens.maximum}`,
    tokens.minimum === min && tokens.maximum === max,
  );

  // A suggestion asks for at most maas.completions.maxTokens (a one-line one for less): each declared value is one the
  // request takes.
  const completionTokens = declared('completionsMaxTokens');
  check(
    'completionsMaxTokens',
    `declares ${completionTokens.minimum} to ${completionTokens.maximum}, within the request's max_tokens range ${min} to ${max}`,
    completionTokens.minimum >= min && completionTokens.maximum <= max,
  );

  const similarity = declared('knowledgeTextThreshold');
  const retrievalTakes = (value: number): boolean => retrievalOptionsSchema.safeParse({ knowledge_ids: [1], text_threshold: value }).success;
  check(
    'knowledgeTextThreshold',
    `the retrieval options take the declared ${similarity.minimum} to ${similarity.maximum}, and nothing beyond`,
    retrievalTakes(similarity.minimum) &&
      retrievalTakes(similarity.maximum) &&
      !retrievalTakes(similarity.minimum - 0.01) &&
      !retrievalTakes(similarity.maximum + 0.01),
  );

  const image = declared('imageMaxBytes');
  check('imageMaxBytes', `declares at most ${maxImageFileBytes}, the largest image file read, not ${image.maximum}`, image.maximum <= maxImageFileBytes);
  return found;
}

describe('the ranges the settings declare', () => {
  it('are the ranges the code takes, for every setting whose value the code checks again', () => {
    assert.deepEqual(rangeMismatches(), []);
  });
});
