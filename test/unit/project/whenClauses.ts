// Whether two VS Code `when` clauses can hold at the same time, as a key-binding clash needs to know: the grammar of
// https://code.visualstudio.com/api/references/when-clause-contexts (`!`, `&&`, `||`, parentheses, `==`, `!=`, `=~`,
// `<`, `<=`, `>`, `>=`, `in`, `not in`, `true`, `false`). The answer is conservative: each context key is free to take
// any value, so two clauses are kept apart only by what logic alone excludes (`editorFocus` against `!editorFocus`,
// `view == a` against `view == b`) and by the focus areas the caller names (context keys of which at most one is true,
// because the keyboard focus is in one widget), never by what VS Code happens to set together. No clause means "always".

/** One condition on a context key, negated or not: `key` (truthy), `key == value`, or another comparison. */
export interface Literal {
  readonly key: string;
  readonly op: 'truthy' | '==' | '=~' | 'in' | '<' | '<=' | '>' | '>=';
  readonly value: string;
  readonly negated: boolean;
}

type Expression =
  | { readonly kind: 'constant'; readonly value: boolean }
  | { readonly kind: 'literal'; readonly literal: Literal }
  | { readonly kind: 'not'; readonly operand: Expression }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly Expression[] };

const TOKEN = /\s*(?:(&&|\|\||===|!==|==|!=|=~|<=|>=|<|>|!|\(|\))|'([^']*)'|"([^"]*)"|([^\s()!=<>&|'"]+))/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null) throw new Error(`Cannot read the when clause "${text}" at ${at}`);
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
    if (match[1] === '=~') {
      // A regular expression literal follows: /…/flags, whose body may hold any character but an unescaped slash.
      const regex = /\s*(\/(?:\\.|[^\\/])*\/[a-z]*)/y;
      regex.lastIndex = TOKEN.lastIndex;
      const literal = regex.exec(text);
      if (literal === null) throw new Error(`The when clause "${text}" has no regular expression after =~`);
      tokens.push(literal[1] ?? '');
      TOKEN.lastIndex = regex.lastIndex;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly string[],
  ) {}

  parse(): Expression {
    const expression = this.or();
    if (this.index < this.tokens.length) throw new Error(`Unexpected "${this.tokens[this.index]}" in the when clause "${this.text}"`);
    return expression;
  }

  private peek(): string | undefined {
    return this.tokens[this.index];
  }

  private next(): string {
    const token = this.tokens[this.index++];
    if (token === undefined) throw new Error(`The when clause "${this.text}" ends too early`);
    return token;
  }

  private or(): Expression {
    const operands = [this.and()];
    while (this.peek() === '||') {
      this.index++;
      operands.push(this.and());
    }
    return operands.length === 1 ? (operands[0] as Expression) : { kind: 'or', operands };
  }

  private and(): Expression {
    const operands = [this.unary()];
    while (this.peek() === '&&') {
      this.index++;
      operands.push(this.unary());
    }
    return operands.length === 1 ? (operands[0] as Expression) : { kind: 'and', operands };
  }

  private unary(): Expression {
    if (this.peek() !== '!') return this.primary();
    this.index++;
    return { kind: 'not', operand: this.unary() };
  }

  private primary(): Expression {
    const token = this.next();
    if (token === '(') {
      const inner = this.or();
      if (this.next() !== ')') throw new Error(`Unbalanced parentheses in the when clause "${this.text}"`);
      return inner;
    }
    if (token === 'true' || token === 'false') return { kind: 'constant', value: token === 'true' };
    return this.comparison(token);
  }

  private comparison(key: string): Expression {
    const operator = this.peek();
    const literal = (op: Literal['op'], value: string, negated = false): Expression => ({ kind: 'literal', literal: { key, op, value, negated } });
    switch (operator) {
      case '==':
      case '===':
      case '!=':
      case '!==': {
        this.index++;
        const value = this.next();
        const negated = operator.startsWith('!');
        // VS Code reads `key == true` as `key` and `key == false` as `!key`.
        if (value === 'true' || value === 'false') return literal('truthy', '', negated !== (value === 'false'));
        return literal('==', value, negated);
      }
      case '=~':
      case '<':
      case '<=':
      case '>':
      case '>=':
        this.index++;
        return literal(operator, this.next());
      case 'in':
        this.index++;
        return literal('in', this.next());
      case 'not':
        this.index++;
        if (this.next() !== 'in') throw new Error(`"not" without "in" in the when clause "${this.text}"`);
        return literal('in', this.next(), true);
      default:
        return literal('truthy', '');
    }
  }
}

/** The clause as alternatives, each a conjunction of literals: `(a || b) && !c` is `[[a, !c], [b, !c]]`. */
export function alternatives(when: string | undefined): Literal[][] {
  if (when === undefined || when.trim() === '') return [[]];
  return disjunctive(new Parser(when, tokenize(when)).parse(), false);
}

function disjunctive(expression: Expression, negated: boolean): Literal[][] {
  switch (expression.kind) {
    case 'constant':
      return expression.value !== negated ? [[]] : [];
    case 'literal':
      return [[{ ...expression.literal, negated: expression.literal.negated !== negated }]];
    case 'not':
      return disjunctive(expression.operand, !negated);
    case 'and':
    case 'or': {
      const parts = expression.operands.map((operand) => disjunctive(operand, negated));
      // De Morgan: a negated conjunction is a disjunction of the negations, and the other way round.
      if ((expression.kind === 'or') !== negated) return parts.flat();
      return parts.reduce<Literal[][]>((product, part) => product.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
    }
  }
}

const sameAtom = (a: Literal, b: Literal): boolean => a.key === b.key && a.op === b.op && a.value === b.value;

/** Whether two literals exclude each other whatever the context holds. */
function exclusive(a: Literal, b: Literal): boolean {
  if (sameAtom(a, b)) return a.negated !== b.negated;
  if (a.key !== b.key) return false;
  if (a.op === '==' && b.op === '==') return !a.negated && !b.negated && a.value !== b.value;
  // `key == value` with a value that is not falsy makes `key` truthy.
  const equalsTruthy = (x: Literal): boolean => x.op === '==' && !x.negated && x.value !== '' && x.value !== '0';
  const notTruthy = (x: Literal): boolean => x.op === 'truthy' && x.negated;
  return (equalsTruthy(a) && notTruthy(b)) || (equalsTruthy(b) && notTruthy(a));
}

/**
 * Context keys grouped by the widget that has the keyboard focus while they are true: keys of two different groups
 * are never true together.
 */
export type FocusAreas = readonly (readonly string[])[];

function inDifferentAreas(a: Literal, b: Literal, areas: FocusAreas): boolean {
  const focused = (x: Literal): boolean => x.op === 'truthy' && !x.negated;
  if (!focused(a) || !focused(b)) return false;
  const area = (key: string): number => areas.findIndex((keys) => keys.includes(key));
  return area(a.key) !== -1 && area(b.key) !== -1 && area(a.key) !== area(b.key);
}

function consistent(literals: readonly Literal[], areas: FocusAreas): boolean {
  return literals.every((a, i) => literals.slice(i + 1).every((b) => !exclusive(a, b) && !inDifferentAreas(a, b, areas)));
}

/** Whether some context makes both clauses true (conservatively: yes unless logic or the focus areas exclude it). */
export function canHoldTogether(first: string | undefined, second: string | undefined, areas: FocusAreas = []): boolean {
  const left = alternatives(first);
  const right = alternatives(second);
  return left.some((a) => right.some((b) => consistent([...a, ...b], areas)));
}
