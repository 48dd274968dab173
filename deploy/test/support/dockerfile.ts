/**
 * A Dockerfile read the way BuildKit reads it, as far as the rules need: parser directives and comments
 * dropped, backslash continuations joined, each instruction split into its keyword, its `--flags` and its
 * arguments (exec form `["a", "b"]` or shell words), grouped into stages by FROM.
 */
export interface Instruction {
  keyword: string;
  /** `--from=build` → { from: 'build' } */
  flags: Record<string, string>;
  /** The text after the keyword and its flags. */
  rest: string;
  /** Exec form parsed as JSON, else the shell words (quotes removed, no expansion). */
  args: string[];
  line: number;
}

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** Splits shell words: enough for the instructions written here (quotes, no expansion). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) current += text[(i += 1)]!;
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

function parseInstruction(text: string, line: number): Instruction {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(text)!;
  const keyword = match[1]!.toUpperCase();
  let rest = match[2]!.trim();
  const flags: Record<string, string> = {};
  for (;;) {
    const flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest);
    if (!flag) break;
    flags[flag[1]!] = flag[2] ?? 'true';
    rest = rest.slice(flag[0].length);
  }
  let args: string[];
  if (rest.startsWith('[')) {
    try {
      args = JSON.parse(rest) as string[];
    } catch {
      args = shellWords(rest);
    }
  } else args = shellWords(rest);
  return { keyword, flags, rest, args, line };
}

export function parseDockerfile(source: string): Stage[] {
  const lines = source.split('\n');
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    // Comments (parser directives are comments too) vanish, even between continuation lines.
    if (trimmed.startsWith('#')) return;
    if (!pending && !trimmed) return;
    if (!pending) startLine = index + 1;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1)} `;
      return;
    }
    pending += trimmed;
    instructions.push(parseInstruction(pending.trim(), startLine));
    pending = '';
  });
  if (pending.trim()) instructions.push(parseInstruction(pending.trim(), startLine));

  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args;
      stages.push({
        image: image ?? '',
        ...(as?.toUpperCase() === 'AS' && name ? { name } : {}),
        instructions: [instruction],
      });
    } else if (stages.length) stages[stages.length - 1]!.instructions.push(instruction);
  }
  return stages;
}

/** `ENV A=1 B=2` (and the old `ENV A 1`) as name → value. */
export function envOf(instruction: Instruction): Record<string, string> {
  const words = instruction.args;
  if (words.length === 2 && !words[0]!.includes('=')) return { [words[0]!]: words[1]! };
  return Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf('=');
      return at < 0 ? [word, ''] : [word.slice(0, at), word.slice(at + 1)];
    }),
  );
}

/** A stage's instructions of one kind. */
export const instructionsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** Every variable the stage's ENV instructions set, with its value. */
export function stageEnv(stage: Stage): Record<string, string> {
  return Object.assign({}, ...instructionsOf(stage, 'ENV').map(envOf)) as Record<string, string>;
}
