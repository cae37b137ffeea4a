// What the completer needs to know of a language: how it ends a statement, prints a value, writes "nothing" and the
// default values of its common types, and whether blocks close with a bracket or by indentation.

export interface CodeLanguage {
  /** Blocks end by indentation (Python): no closing line. */
  readonly indentBlocks: boolean;
  /** Statements end with `;` when the file's own lines do. */
  readonly semicolons: boolean;
  /** A call that prints its arguments, `%s` standing for them. */
  readonly print: string;
  readonly nothing: string;
  readonly defaults: { readonly number: string; readonly text: string; readonly truth: string };
}

const C_LIKE_DEFAULTS = { number: '0', text: '""', truth: 'false' };

const LANGUAGES: Readonly<Record<string, CodeLanguage>> = {
  python: { indentBlocks: true, semicolons: false, print: 'print(%s)', nothing: 'None', defaults: { number: '0', text: "''", truth: 'False' } },
  go: { indentBlocks: false, semicolons: false, print: 'fmt.Println(%s)', nothing: 'nil', defaults: C_LIKE_DEFAULTS },
  java: { indentBlocks: false, semicolons: true, print: 'System.out.println(%s)', nothing: 'null', defaults: C_LIKE_DEFAULTS },
  csharp: { indentBlocks: false, semicolons: true, print: 'Console.WriteLine(%s)', nothing: 'null', defaults: C_LIKE_DEFAULTS },
  rust: {
    indentBlocks: false,
    semicolons: true,
    print: 'println!("{:?}", (%s))',
    nothing: 'None',
    defaults: { number: '0', text: 'String::new()', truth: 'false' },
  },
};

const SCRIPT: CodeLanguage = {
  indentBlocks: false,
  semicolons: true,
  print: 'console.log(%s)',
  nothing: 'undefined',
  defaults: { number: '0', text: "''", truth: 'false' },
};

/** The language by its VS Code id; JavaScript's ways for any other (C-like) language. */
export function codeLanguage(id: string, prefix: string): CodeLanguage {
  const known = LANGUAGES[id] ?? SCRIPT;
  // A script that never ends a line with `;` is written without them.
  if (known === SCRIPT && !/;[ \t]*$/m.test(prefix)) return { ...SCRIPT, semicolons: false };
  return known;
}

/** The statement terminator the language and the file use. */
export function endOf(language: CodeLanguage): string {
  return language.semicolons ? ';' : '';
}

/** The default value a declared return type names, or undefined for a type the completer does not know. */
export function defaultFor(type: string, language: CodeLanguage): string | undefined {
  const name = type.trim().replace(/^Promise<(.*)>$/, '$1');
  if (/^(?:number|int|integer|float|double|long|short|u?int\d*|i\d+|u\d+|f\d+|usize|isize|bigint|decimal)$/i.test(name)) return language.defaults.number;
  if (/^(?:string|str|String|&str)$/.test(name)) return language.defaults.text;
  if (/^(?:boolean|bool)$/i.test(name)) return language.defaults.truth;
  return undefined;
}

/** Whether a declared return type says the function returns nothing. */
export function returnsNothing(type: string | undefined): boolean {
  return type !== undefined && /^(?:void|None|Promise<void>|\(\))$/.test(type.trim());
}
