// What each family of models can take and do, declared once. The request plan (which model sees images, which gets
// tools, which answers knowledge-base questions), the provider's model list for VS Code's chat, the chat view's model
// picker, the settings (`maas.models.extra` entries name a family) and docs/settings.md (`npm run generate`) read it.
// Plain data: the webview imports it too.

export interface ModelFamily {
  /** Images go to the model as they are; a model of another family gets them as maas.images.withTextModel says. */
  readonly images: boolean;
  /** Function tools (the service's `tools`, spec 4.1): VS Code's chat offers its tools to the model. */
  readonly tools: boolean;
  /** The answer may open with the model's reasoning (`<think>`…`</think>`), shown folded under Reasoning. */
  readonly reasoning: boolean;
  /** The knowledge-base retrieval tool: knowledge-base questions go to a model of this family. */
  readonly retrieval: boolean;
}

export const modelFamilies = {
  language: { images: false, tools: true, reasoning: true, retrieval: true },
  vision: { images: true, tools: false, reasoning: false, retrieval: false },
} as const satisfies Record<string, ModelFamily>;

export type ModelFamilyName = keyof typeof modelFamilies;

/** The families, in the order they are declared. */
export function modelFamilyNames(): ModelFamilyName[] {
  return Object.keys(modelFamilies) as ModelFamilyName[];
}

/** Whether `name` is a declared family (a settings value is checked against the table). */
export function isModelFamily(name: string): name is ModelFamilyName {
  return Object.hasOwn(modelFamilies, name);
}

/** What a family takes and does. */
export function familyOf(name: ModelFamilyName): ModelFamily {
  return modelFamilies[name];
}
