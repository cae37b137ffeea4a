// What a re-read of the settings changed, and which invalid values are new: free of the VS Code API so the unit
// tests cover it. Values are plain JSON (strings, numbers, booleans, lists, objects), compared by their JSON text.
import type { SettingsProblem } from './settingsDeclaration';

/** The keys of `after` whose value differs from `before`. */
export function changedKeys<T extends object>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Remembers the invalid value each setting holds, so that a problem is reported once: when its setting becomes
 * invalid, or takes another invalid value. A setting read without a problem is forgotten, and reported again if it
 * breaks again.
 */
export class ProblemMemory {
  private readonly reported = new Map<string, string>();

  /** The problems of a reading of every setting not reported yet; they count as reported now. */
  fresh(problems: readonly SettingsProblem[]): SettingsProblem[] {
    const now = new Map(problems.map((problem) => [problem.setting, `${problem.kind}:${problem.value}`]));
    for (const name of [...this.reported.keys()]) if (!now.has(name)) this.reported.delete(name);
    return problems.filter((problem) => {
      const value = now.get(problem.setting) ?? '';
      if (this.reported.get(problem.setting) === value) return false;
      this.reported.set(problem.setting, value);
      return true;
    });
  }
}
