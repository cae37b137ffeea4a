// The body of a block just opened: for a function, a return built from its parameters and declared type (or a print
// of the parameters when it returns nothing); for a loop, a print of the loop's variable; then the line that closes
// the block, at the opener's indentation, unless the code after the cursor closes it already.
import { codeLanguage, defaultFor, endOf, returnsNothing, type CodeLanguage } from './codeLanguage';
import { deeper, indentOf, openAtEnd } from './codeScan';

interface Signature {
  readonly name: string;
  readonly params: readonly string[];
  readonly returns: string | undefined;
}

const NOT_FUNCTIONS = /^(?:if|for|while|switch|catch|with|elif|else|return|new|typeof|await|function)$/;
const CONSTRUCTORS = /^(?:constructor|__init__)$/;

/** The lines of the block's body and its closing line; undefined when the opener is not one the completer reads. */
export function blockBody(prefix: string, suffix: string, languageId: string): string | undefined {
  const lines = prefix.split('\n');
  const current = lines[lines.length - 1] ?? '';
  const opener = [...lines.slice(0, -1)].reverse().find((line) => line.trim() !== '');
  if (opener === undefined || current.trim() !== '') return undefined;
  const language = codeLanguage(languageId, prefix);
  const statements = bodyStatements(opener.trim(), language);
  if (statements === undefined) return undefined;
  const openerIndent = indentOf(opener);
  const bodyIndent = current.length > openerIndent.length ? current : deeper(openerIndent, prefix);
  const body = statements.map((statement, i) => `${i === 0 ? bodyIndent.slice(current.length) : bodyIndent}${statement}`).join('\n');
  const closer = language.indentBlocks || closedAfter(suffix, openerIndent) ? '' : closingLine(opener, language);
  return closer === '' ? body : `${body}\n${openerIndent}${closer}`;
}

function bodyStatements(opener: string, language: CodeLanguage): string[] | undefined {
  const end = endOf(language);
  const print = (what: string): string => `${language.print.replace('%s', what)}${end}`;
  const loopVariable = loopVariableOf(opener);
  if (loopVariable !== undefined) return [print(loopVariable)];
  const signature = signatureOf(opener);
  if (signature === undefined) return language.indentBlocks && opener.endsWith(':') ? ['pass'] : undefined;
  const { name, params, returns } = signature;
  if (CONSTRUCTORS.test(name)) return params.length > 0 ? params.map((p) => `${language.indentBlocks ? 'self' : 'this'}.${p} = ${p}${end}`) : undefined;
  if (returnsNothing(returns)) return [print(params.length > 0 ? params.join(', ') : JSON.stringify(name))];
  const typed = returns === undefined ? undefined : defaultFor(returns, language);
  if (typed === language.defaults.truth) return [`return ${typed}${end}`];
  if (params.length > 0) return [`return ${params.join(' + ')}${end}`];
  // A callback that takes and declares nothing (`() => {` in a test or a handler): no body can be told from it.
  if (name === '' && typed === undefined) return undefined;
  return [`return ${typed ?? language.nothing}${end}`];
}

/** The variable of `for (const x of xs) {`, `for x in xs:`, `for _, x := range xs {`, `for (String x : xs) {`. */
function loopVariableOf(opener: string): string | undefined {
  const match =
    /^for\s*\(\s*(?:const|let|var|final)?\s*(?:[\w<>[\],.]+\s+)?([A-Za-z_$][\w$]*)\s+(?:of|in|:)\s/.exec(opener) ??
    /^for\s+([A-Za-z_]\w*)\s+in\s/.exec(opener) ??
    /^for\s+(?:[A-Za-z_]\w*\s*,\s*)?([A-Za-z_]\w*)\s*:=\s*range\s/.exec(opener) ??
    /^foreach\s*\(\s*(?:var|[\w<>[\],.]+)\s+([A-Za-z_]\w*)\s+in\s/.exec(opener);
  return match?.[1];
}

/** A function's parameters and declared return type, for the signatures of the completer's languages. */
function signatureOf(opener: string): Signature | undefined {
  const python = /^(?:async\s+)?def\s+(\w+)\s*\((.*)\)\s*(?:->\s*(.+?))?\s*:$/.exec(opener);
  if (python) return { name: python[1] ?? '', params: paramNames(python[2] ?? '', 'before').filter((p) => p !== 'self' && p !== 'cls'), returns: python[3] };
  const go = /^func\s+(?:\([^)]*\)\s*)?(\w+)\s*\((.*)\)\s*([^{]*?)\s*\{$/.exec(opener);
  if (go) return { name: go[1] ?? '', params: paramNames(go[2] ?? '', 'first'), returns: go[3] === '' ? 'void' : go[3] };
  const rust = /^(?:pub\s+)?fn\s+(\w+)\s*(?:<[^>]*>)?\s*\((.*)\)\s*(?:->\s*(.+?))?\s*\{$/.exec(opener);
  if (rust) return { name: rust[1] ?? '', params: paramNames(rust[2] ?? '', 'before').filter((p) => !p.includes('self')), returns: rust[3] ?? 'void' };
  const script =
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]*)\s*(?:<[^>]*>)?\s*\((.*)\)\s*(?::\s*(.+?))?\s*\{$/.exec(opener) ??
    /(?:^|[=:,(]\s*)(?:async\s+)?()\((.*)\)\s*(?::\s*(.+?))?\s*=>\s*\{$/.exec(opener);
  if (script) return { name: script[1] ?? '', params: paramNames(script[2] ?? '', 'before'), returns: script[3] };
  const method = /^(?:(?:public|private|protected|static|async|override|readonly)\s+)*([\w$]+)\s*(?:<[^>]*>)?\s*\((.*)\)\s*(?::\s*(.+?))?\s*\{$/.exec(opener);
  if (method && !NOT_FUNCTIONS.test(method[1] ?? '')) return { name: method[1] ?? '', params: paramNames(method[2] ?? '', 'before'), returns: method[3] };
  const typed =
    /^(?:(?:public|private|protected|internal|static|final|virtual|override|async)\s+)*([\w<>[\],.?]+)\s+(\w+)\s*\((.*)\)\s*(?:throws\s+[\w., ]+)?\{$/.exec(
      opener,
    );
  if (typed && !NOT_FUNCTIONS.test(typed[1] ?? '')) return { name: typed[2] ?? '', params: paramNames(typed[3] ?? '', 'last'), returns: typed[1] };
  return undefined;
}

/**
 * The names in a parameter list split at its top-level commas: the word before a `:` or `=` (`before`: TypeScript,
 * Python, Rust), the first word (`first`: Go), or the last word (`last`: Java, C#).
 */
function paramNames(list: string, where: 'before' | 'first' | 'last'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i] ?? '';
    if ('([{<'.includes(char)) depth++;
    else if (')]}>'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts
    .map((part) => {
      const clean = part.trim().replace(/^(?:\.\.\.|\*{1,2}|&|mut\s+)/, '');
      const words = (where === 'before' ? (clean.split(/[:=?]/)[0] ?? '') : (clean.split('=')[0] ?? '')).match(/[A-Za-z_$][\w$]*/g) ?? [];
      return (where === 'last' ? words[words.length - 1] : words[0]) ?? '';
    })
    .filter((name) => name !== '');
}

/** Whether the first non-blank line after the cursor's closes the block (it starts at or left of the opener). */
function closedAfter(suffix: string, openerIndent: string): boolean {
  const next = suffix
    .split('\n')
    .slice(1)
    .find((line) => line.trim() !== '');
  return next !== undefined && indentOf(next).length <= openerIndent.length && /^[}\])]/.test(next.trim());
}

/** The brackets the opener left open, closed innermost first (`});` for `describe('x', () => {`). */
function closingLine(opener: string, language: CodeLanguage): string {
  const open = openAtEnd(opener, language.indentBlocks);
  const closers = open.closers.join('');
  return closers.endsWith(')') ? `${closers}${endOf(language)}` : closers;
}
