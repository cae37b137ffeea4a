// Why a change of the parameter panel cannot apply, in the user's words: each value checked against the range the
// conversation's model takes (shared/chatParams.ts). Pure; the session refuses the whole change when any value fails.
import { paramProblem, rangeText, type ChatParamName, type ChatParams } from '../../../shared/chatParams';
import type { ModelOptionView } from '../../../shared/protocol';
import type { Localiser } from '../../localiser';

/** One sentence per value that does not fit; none when the change applies. */
export function paramProblems(params: ChatParams, model: string, option: ModelOptionView | undefined, l10n: Localiser): string[] {
  return (Object.entries(params) as [ChatParamName, number | undefined][]).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const range = option?.params[name];
    if (range === undefined) return [l10n.t('{0} does not apply to the model {1}.', name, model)];
    switch (paramProblem(range, value)) {
      case undefined:
        return [];
      case 'notAnInteger':
        return [l10n.t('{0} must be a whole number in {1}; {2} is not.', range.wireName, rangeText(range), value)];
      default:
        return [l10n.t('{0} {1} is outside {2}.', range.wireName, value, rangeText(range))];
    }
  });
}
