// The `maas.*` settings as a zod schema (style.md rule 9): settings are a trust boundary, the user can type
// anything into settings.json. Free of the VS Code API so the unit tests cover it.
import * as z from 'zod';

const httpUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), { message: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const modelCode = z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be a model code such as svc_llm');

export const settingsSchema = z.object({
  baseUrl: httpUrl.default(''),
  altBaseUrl: httpUrl.default(''),
  chatModel: modelCode.default('svc_llm'),
  visionModel: modelCode.default('svc_vl'),
});

export type Settings = z.infer<typeof settingsSchema>;

export type SettingsProblemKind = 'url' | 'modelCode' | 'type';

export interface SettingsProblem {
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly setting: string;
  readonly kind: SettingsProblemKind;
  /** The value found, for the message (settings never hold secrets). */
  readonly value: string;
}

const settingNames: Record<keyof Settings, string> = {
  baseUrl: 'maas.baseUrl',
  altBaseUrl: 'maas.altBaseUrl',
  chatModel: 'maas.models.chat',
  visionModel: 'maas.models.vision',
};

/**
 * Parses raw setting values field by field: an invalid field falls back to its default and is reported, so one
 * bad value never hides the others.
 */
export function parseSettings(raw: Partial<Record<keyof Settings, unknown>>): { settings: Settings; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  const defaults = settingsSchema.parse({});
  const settings: Settings = { ...defaults };
  for (const field of Object.keys(settingNames) as (keyof Settings)[]) {
    const result = settingsSchema.shape[field].safeParse(raw[field]);
    if (result.success) {
      settings[field] = result.data;
    } else {
      const kind: SettingsProblemKind =
        typeof raw[field] !== 'string' ? 'type' : field === 'baseUrl' || field === 'altBaseUrl' ? 'url' : 'modelCode';
      problems.push({ setting: settingNames[field], kind, value: JSON.stringify(raw[field]) ?? 'undefined' });
    }
  }
  return { settings, problems };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
